import { type KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export interface SigningKeys {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** SPKI PEM, as published. */
  readonly publicPem: string;
}

const fromPrivatePem = (pem: string): SigningKeys => {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('CERTIFICATE_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM)');
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

const cache = new WeakMap<Kysely<Database>, Promise<SigningKeys>>();

/**
 * The Ed25519 key pair that signs certificates: the configured one (CERTIFICATE_SIGNING_KEY,
 * PKCS#8 PEM) or the one this database keeps, made at first use. Several servers on one
 * database agree on it (the insert keeps the first row).
 */
export const signingKeys = (db: Kysely<Database>, configuredPem?: string): Promise<SigningKeys> => {
  if (configuredPem !== undefined && configuredPem.trim() !== '') return Promise.resolve(fromPrivatePem(configuredPem));
  let keys = cache.get(db);
  if (keys === undefined) {
    keys = (async () => {
      const stored = await db.selectFrom('certificate_keys').select('private_key').where('id', '=', 1).executeTakeFirst();
      if (stored !== undefined) return fromPrivatePem(stored.private_key);
      const pair = generateKeyPairSync('ed25519');
      const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      await db.insertInto('certificate_keys').values({ id: 1, private_key: privatePem, public_key: publicPem }).onConflict((oc) => oc.column('id').doNothing()).execute();
      const kept = await db.selectFrom('certificate_keys').select('private_key').where('id', '=', 1).executeTakeFirstOrThrow();
      return fromPrivatePem(kept.private_key);
    })();
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
};

const toBase64url = (bytes: Buffer): string => bytes.toString('base64url');

/** The base64url Ed25519 signature of a text. */
export const signText = (keys: SigningKeys, text: string): string => toBase64url(sign(null, Buffer.from(text, 'utf8'), keys.privateKey));

/** True when `signature` (base64url) is the key's signature of `text`. */
export const verifyText = (publicKey: KeyObject, text: string, signature: string): boolean => {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(signature)) return false;
  return verify(null, Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64url'));
};
