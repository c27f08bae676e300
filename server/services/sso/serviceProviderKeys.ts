import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import forge from 'node-forge';
import type { Database } from '../../db/database';

/** What our SAML service provider signs with: a private key (PEM) and the certificate of its public key (PEM). */
export interface ServiceProviderKeys {
  readonly privateKey: string;
  readonly certificate: string;
}

/** Long enough that no identity provider's copy of our metadata goes stale; an operator can replace it by configuring their own. */
const CERTIFICATE_YEARS = 20;
const SUBJECT = [{ name: 'commonName', value: 'Commonweave SAML service provider' }];

const madeKeys = (): ServiceProviderKeys => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: the first byte's high bit clear.
  certificate.serialNumber = `0${randomBytes(16).toString('hex').slice(1)}`;
  certificate.validity.notBefore = new Date();
  certificate.validity.notAfter = new Date();
  certificate.validity.notAfter.setUTCFullYear(certificate.validity.notBefore.getUTCFullYear() + CERTIFICATE_YEARS);
  certificate.setSubject(SUBJECT);
  certificate.setIssuer(SUBJECT);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKey, certificate: forge.pki.certificateToPem(certificate) };
};

const cache = new WeakMap<Kysely<Database>, Promise<ServiceProviderKeys>>();

/**
 * The configured key and certificate (SAML_SP_PRIVATE_KEY, SAML_SP_CERTIFICATE), or the ones this
 * database keeps, made at first use. Several servers on one database agree on them (the insert
 * keeps the first row), so the metadata an identity provider was given stays true.
 */
export const serviceProviderKeys = (db: Kysely<Database>, configured: ServiceProviderKeys | undefined): Promise<ServiceProviderKeys> => {
  if (configured !== undefined) return Promise.resolve(configured);
  let keys = cache.get(db);
  if (keys === undefined) {
    keys = (async () => {
      const stored = await db.selectFrom('saml_service_provider_keys').select(['private_key', 'certificate']).where('id', '=', 1).executeTakeFirst();
      if (stored === undefined) {
        const made = madeKeys();
        await db
          .insertInto('saml_service_provider_keys')
          .values({ id: 1, private_key: made.privateKey, certificate: made.certificate })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      const kept = stored ?? (await db.selectFrom('saml_service_provider_keys').select(['private_key', 'certificate']).where('id', '=', 1).executeTakeFirstOrThrow());
      return { privateKey: kept.private_key, certificate: kept.certificate };
    })();
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
};

/** The options of a node-saml service provider that make it sign what it sends; none for one that only verifies. */
export const signingOptions = (keys: ServiceProviderKeys | undefined) => (keys === undefined ? {} : { privateKey: keys.privateKey, signatureAlgorithm: 'sha256' as const });
