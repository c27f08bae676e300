import { resolveTxt as systemResolveTxt } from 'node:dns/promises';
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { Messages } from '../../../domain/contracts/envelope';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { ServerMessages } from '../../../domain/contracts/errors';
import {
  type addSsoDomain,
  OIDC_CALLBACK_PATH,
  OidcMessages,
  type OidcSettings,
  type saveOidcSettings,
  type SsoDomain,
  type verifySsoDomain,
} from '../../../domain/contracts/sso';
import { mailTexts } from '../../../domain/i18n/mails';
import { languageFor } from '../../../domain/i18n/precedence';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { invalid, invalidData, notFound } from '../errors';
import { sameDigest, sha256Hex } from '../auth/tokens';
import { isUuid } from '../invitations';
import type { Mailer } from '../mail';
import { requireRole } from '../organization/scope';
import { issuerOf } from './oidcProvider';
import { encryptSecret, SsoSecretKeyMissing, secretKeyFor } from './oidcSecrets';

export type SsoSettingsConfig = Pick<ServerConfig, 'production' | 'ssoSecretKey' | 'ssoAllowInsecureRequests' | 'appUrl' | 'samlServiceProvider'>;

/** How long an emailed code, and a TXT record's value, may be used to verify a domain. */
const EMAIL_CHALLENGE_HOURS = 24;
const DNS_CHALLENGE_DAYS = 30;
const FIELD_MAX = 2048;

/** The TXT record's value that proves the domain (the prefix names the product, as other vendors' records do). */
export const DNS_RECORD_PREFIX = 'commonweave-sso-verification=';

export const oidcRedirectUri = (appUrl: string): string => `${appUrl.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`;

/** A lower-case host name with at least one dot: example.com, mail.example.co.uk. */
export const normalizeDomain = (raw: string): string | undefined => {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length > 253) return undefined;
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((part) => label.test(part)) || /^\d+$/.test(labels.at(-1)!)) return undefined;
  return domain;
};

/** The domain of an email address, or undefined when it is not one. */
export const domainOfEmail = (email: string): string | undefined => {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return undefined;
  return normalizeDomain(email.trim().slice(at + 1));
};

const isLoopback = (url: URL): boolean => url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';

/** https, or plain http to loopback when the test-only option allows it. */
export const acceptableIssuer = (raw: string, allowInsecure: boolean): string | undefined => {
  const issuer = issuerOf(raw);
  if (issuer.length > FIELD_MAX || !URL.canParse(issuer)) return undefined;
  const url = new URL(issuer);
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  if (url.protocol === 'https:' || (allowInsecure && url.protocol === 'http:' && isLoopback(url))) return issuer;
  return undefined;
};

const domainsOf = async (db: Kysely<Database>, organizationId: string): Promise<SsoDomain[]> => {
  const rows = await db.selectFrom('sso_domains').selectAll().where('organization_id', '=', organizationId).orderBy('domain').execute();
  return rows.map((row) => ({
    id: row.id,
    domain: row.domain,
    method: row.method,
    verified: row.verified_at !== null,
    dns_record: row.method === 'dns' && row.verified_at === null ? row.challenge : null,
  }));
};

const settingsOf = async (db: Kysely<Database>, config: SsoSettingsConfig, organizationId: string): Promise<OidcSettings> => {
  const row = await db.selectFrom('sso_oidc_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  const base = {
    redirect_uri: oidcRedirectUri(config.appUrl),
    domains: await domainsOf(db, organizationId),
  };
  if (row === undefined) {
    return { ...base, configured: false, preset: 'custom', issuer_url: '', client_id: '', has_client_secret: false, sso_required: false, jit_allowed: false, jit_role: 'staff' };
  }
  return {
    ...base,
    configured: true,
    preset: row.preset as OidcSettings['preset'],
    issuer_url: row.issuer_url,
    client_id: row.client_id,
    has_client_secret: row.client_secret_encrypted !== null,
    sso_required: row.sso_required,
    jit_allowed: row.jit_allowed,
    jit_role: row.jit_role,
  };
};

/**
 * "SSO required" turns members' passwords away, so it needs a verified domain to sign in through
 * and the administrator's own second factor, which keeps their break-glass password usable.
 */
export const assertSsoCanBeRequired = async (db: Kysely<Database>, auth: AuthContext, organizationId: string): Promise<void> => {
  if (auth.user.two_factor === 'off') throw invalid(OidcMessages.requiredNeedsTwoFactor);
  const verified = (await domainsOf(db, organizationId)).some((domain) => domain.verified);
  if (!verified) throw invalid(OidcMessages.requiredNeedsDomain);
};

/** GET /organization/sso (administrator only). */
export const readOidcSettings = async (db: Kysely<Database>, config: SsoSettingsConfig, auth: AuthContext): Promise<OidcSettings> => {
  requireRole(auth, ['admin']);
  return settingsOf(db, config, auth.organization.id);
};

/**
 * POST /organization/sso (administrator only). The secret is encrypted before it is stored
 * (production refuses without SSO_SECRET_KEY); "SSO required" needs a provider, a verified
 * domain and the administrator's own second factor, which keeps the break-glass password usable.
 */
export const writeOidcSettings = async (
  db: Kysely<Database>,
  config: SsoSettingsConfig,
  auth: AuthContext,
  body: BodyOf<typeof saveOidcSettings>,
  address: string | null,
): Promise<OidcSettings> => {
  requireRole(auth, ['admin']);
  const organizationId = auth.organization.id;
  const errors: Record<string, string[]> = {};
  const issuer = acceptableIssuer(body.issuer_url, config.ssoAllowInsecureRequests === true);
  if (issuer === undefined) errors.issuer_url = [OidcMessages.issuerInvalid];
  const clientId = body.client_id.trim();
  if (clientId === '') errors.client_id = [Messages.fieldRequired('client id')];
  else if (clientId.length > FIELD_MAX) errors.client_id = [ServerMessages.fieldInvalid('client id')];
  const secret = body.client_secret ?? '';
  if (secret.length > FIELD_MAX) errors.client_secret = [ServerMessages.fieldInvalid('client secret')];
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  let encrypted: string | undefined;
  if (secret !== '') {
    try {
      encrypted = encryptSecret(secretKeyFor(config), organizationId, secret);
    } catch (error) {
      if (error instanceof SsoSecretKeyMissing) throw invalid(OidcMessages.secretKeyMissing);
      throw error;
    }
  }
  if (body.sso_required) await assertSsoCanBeRequired(db, auth, organizationId);

  const values = {
    // Saving the OpenID Connect provider makes it the one sign-ins go to (the SAML columns stay for a switch back).
    kind: 'oidc' as const,
    preset: body.preset,
    issuer_url: issuer!,
    client_id: clientId,
    sso_required: body.sso_required,
    jit_allowed: body.jit_allowed,
    jit_role: body.jit_role,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('sso_oidc_settings')
    .values({ organization_id: organizationId, ...values, client_secret_encrypted: encrypted ?? null })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(encrypted === undefined ? values : { ...values, client_secret_encrypted: encrypted }))
    .execute();
  await audit(db, {
    organizationId,
    actor: auth.user.id,
    action: 'sso.settings_changed',
    address,
    details: { issuer: issuer!, client_id: clientId, secret_changed: encrypted !== undefined, sso_required: body.sso_required, jit_allowed: body.jit_allowed, jit_role: body.jit_role },
  });
  return settingsOf(db, config, organizationId);
};

const verifiedElsewhere = async (db: Kysely<Database>, organizationId: string, domain: string): Promise<boolean> =>
  (await db
    .selectFrom('sso_domains')
    .select('id')
    .where('domain', '=', domain)
    .where('verified_at', 'is not', null)
    .where('organization_id', '<>', organizationId)
    .executeTakeFirst()) !== undefined;

/**
 * POST /organization/sso/domains (administrator only): claims a domain. dns: answers the TXT
 * record to publish. email: mails a code to an address at the domain (for self-hosters who
 * cannot change DNS); whoever reads that mailbox can hand the code to the administrator.
 */
export const claimSsoDomain = async (
  db: Kysely<Database>,
  mailer: Mailer,
  auth: AuthContext,
  body: BodyOf<typeof addSsoDomain>,
  address: string | null,
): Promise<SsoDomain> => {
  requireRole(auth, ['admin']);
  const organizationId = auth.organization.id;
  const domain = normalizeDomain(body.domain);
  if (domain === undefined) throw invalidData({ domain: [OidcMessages.domainInvalid] });
  const email = (body.email ?? '').trim();
  if (body.method === 'email' && (email.length > 254 || domainOfEmail(email) !== domain || !/^[^\s@]+@[^\s@]+$/.test(email))) {
    throw invalidData({ email: [OidcMessages.domainEmailMismatch] });
  }
  if (await verifiedElsewhere(db, organizationId, domain)) throw invalidData({ domain: [OidcMessages.domainTaken] });

  const existing = await db.selectFrom('sso_domains').selectAll().where('organization_id', '=', organizationId).where('domain', '=', domain).executeTakeFirst();
  if (existing?.verified_at !== null && existing !== undefined) return (await domainsOf(db, organizationId)).find((entry) => entry.id === existing.id)!;

  const code = randomBytes(9).toString('base64url');
  const challenge = body.method === 'dns' ? `${DNS_RECORD_PREFIX}${randomBytes(24).toString('base64url')}` : sha256Hex(code);
  const expiresAt = sql<Date>`now() + ${sql.lit(body.method === 'dns' ? `${DNS_CHALLENGE_DAYS} days` : `${EMAIL_CHALLENGE_HOURS} hours`)}::interval`;
  const row = await db
    .insertInto('sso_domains')
    .values({ organization_id: organizationId, domain, method: body.method, challenge, challenge_expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['organization_id', 'domain']).doUpdateSet({ method: body.method, challenge, challenge_expires_at: expiresAt }))
    .returning('id')
    .executeTakeFirstOrThrow();
  if (body.method === 'email') {
    const texts = mailTexts(languageFor('accountMail', { account: auth.user.locale_id }));
    await mailer.send({ organizationId, to: email, subject: texts.ssoDomainSubject, text: texts.ssoDomainBody(domain, auth.organization.name, code) });
  }
  await audit(db, { organizationId, actor: auth.user.id, action: 'sso.domain_claimed', address, details: { domain, method: body.method } });
  return (await domainsOf(db, organizationId)).find((entry) => entry.id === row.id)!;
};

export type TxtResolver = (domain: string) => Promise<string[][]>;

/**
 * POST /organization/sso/domains/verify (administrator only): the TXT record (looked up at the
 * domain now) or the mailed code. A failure says only that the domain is not verified yet.
 */
export const verifyClaimedDomain = async (
  db: Kysely<Database>,
  auth: AuthContext,
  body: BodyOf<typeof verifySsoDomain>,
  address: string | null,
  resolveTxt: TxtResolver = systemResolveTxt,
): Promise<SsoDomain> => {
  requireRole(auth, ['admin']);
  const organizationId = auth.organization.id;
  const row = isUuid(body.id)
    ? await db.selectFrom('sso_domains').selectAll().where('organization_id', '=', organizationId).where('id', '=', body.id).executeTakeFirst()
    : undefined;
  if (row === undefined) throw notFound(Messages.notFound);
  const current = async () => (await domainsOf(db, organizationId)).find((entry) => entry.id === row.id)!;
  if (row.verified_at !== null) return current();

  let proven = false;
  if (row.challenge_expires_at.getTime() > Date.now()) {
    if (row.method === 'dns') {
      const records = await resolveTxt(row.domain).catch(() => [] as string[][]);
      proven = records.some((chunks) => chunks.join('').trim() === row.challenge);
    } else {
      const code = (body.code ?? '').trim();
      proven = code !== '' && code.length <= 64 && sameDigest(sha256Hex(code), row.challenge);
    }
  }
  if (!proven) {
    await audit(db, { organizationId, actor: auth.user.id, action: 'sso.domain_verification_failed', address, details: { domain: row.domain, method: row.method } });
    throw invalid(OidcMessages.domainNotVerified);
  }
  if (await verifiedElsewhere(db, organizationId, row.domain)) throw invalidData({ domain: [OidcMessages.domainTaken] });
  await db.updateTable('sso_domains').set({ verified_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
  await audit(db, { organizationId, actor: auth.user.id, action: 'sso.domain_verified', address, details: { domain: row.domain, method: row.method } });
  return current();
};
