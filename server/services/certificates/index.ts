import type { Kysely } from 'kysely';
import {
  type CertificatePayload,
  type IssuedCertificate,
  type Verification,
  certificateMessages,
  encodePayload,
  parseCode,
} from '../../../domain/contracts/certificates';
import { CERTIFICATE_MIN_PARTICIPATION, CERTIFICATE_MIN_RESPONDENTS, earnsCertificate, participationOf } from '../../../domain/certificates/criteria';
import type { CertificatesTable } from '../../db/database';
import { conflict, failed, forbidden, notFound } from '../errors';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import type { CallerStatistics } from '../statistics/released';
import { statisticsEndpoints } from '../../../domain/contracts/statistics';
import { audit } from '../auth/audit';
import { signText, signingKeys, verifyText } from './keys';

type Row = Pick<CertificatesTable, 'payload' | 'signature'> & { revoked_at: Date | null };

const issued = (row: Row): IssuedCertificate => {
  const parsed = parseCode(`${row.payload}.${row.signature}`);
  if (parsed === undefined) throw failed('A stored certificate cannot be read.');
  return { code: `${row.payload}.${row.signature}`, certificate: parsed.payload, revokedAt: row.revoked_at?.toISOString() ?? null };
};

/** The respondents figure the dashboard releases to this caller (home/total-registered), or null when withheld. */
const releasedRespondents = async (statistics: CallerStatistics): Promise<number | null> => {
  const release = await statistics.section(statisticsEndpoints.home.totalRegistered, {});
  return release.status === 200 ? release.data.count : null;
};

/** The administrator acting on certificates, with their address for the audit log. */
export interface CertificateCaller {
  readonly auth: AuthContext;
  readonly address: string | null;
}

/** Issues a certificate when the criteria hold, signed with the server's key, and audits it. */
export const issueCertificate = async (
  db: Kysely<Database>,
  signingKey: string | undefined,
  caller: CertificateCaller & { readonly statistics: CallerStatistics },
  now = new Date(),
): Promise<IssuedCertificate> => {
  const { auth } = caller;
  if (auth.viewAsGroupId !== null) throw forbidden(certificateMessages.viewAs);
  const respondents = await releasedRespondents(caller.statistics);
  const seats = auth.organization.seat_capacity;
  if (!earnsCertificate(respondents, seats)) throw conflict(certificateMessages.notEarned(CERTIFICATE_MIN_RESPONDENTS, CERTIFICATE_MIN_PARTICIPATION));
  const keys = await signingKeys(db, signingKey);
  const id = crypto.randomUUID();
  const payload: CertificatePayload = {
    v: 1,
    id,
    organization: auth.organization.name,
    respondents: respondents!,
    seats,
    participation: participationOf(respondents!, seats),
    issuedAt: now.toISOString(),
  };
  const signed = encodePayload(payload);
  const signature = signText(keys, signed);
  await db
    .insertInto('certificates')
    .values({ id, organization_id: auth.organization.id, payload: signed, signature, issued_by: auth.user.id, issued_at: now })
    .execute();
  await audit(db, { organizationId: auth.organization.id, actor: auth.user.id, action: 'certificate.issued', address: caller.address, details: { id } });
  return issued({ payload: signed, signature, revoked_at: null });
};

export const listCertificates = async (db: Kysely<Database>, auth: AuthContext): Promise<IssuedCertificate[]> => {
  const rows = await db
    .selectFrom('certificates')
    .select(['payload', 'signature', 'revoked_at'])
    .where('organization_id', '=', auth.organization.id)
    .orderBy('issued_at', 'desc')
    .execute();
  return rows.map(issued);
};

/** The stored row of one of the caller's organisation's certificates; another organisation's is "not found". */
const ownRow = async (db: Kysely<Database>, auth: AuthContext, id: string): Promise<Row> => {
  if (!UUID.test(id)) throw notFound(certificateMessages.notFound);
  const row = await db
    .selectFrom('certificates')
    .select(['payload', 'signature', 'revoked_at'])
    .where('organization_id', '=', auth.organization.id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) throw notFound(certificateMessages.notFound);
  return row;
};

/** One of the caller's organisation's certificates; another organisation's is "not found". */
export const certificateById = async (db: Kysely<Database>, auth: AuthContext, id: string): Promise<IssuedCertificate> => issued(await ownRow(db, auth, id));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes one of the caller's organisation's certificates; audited. Another organisation's is "not found". */
export const revokeCertificate = async (db: Kysely<Database>, caller: CertificateCaller, id: string, now = new Date()): Promise<IssuedCertificate> => {
  const { auth } = caller;
  const row = await ownRow(db, auth, id);
  if (row.revoked_at !== null) throw conflict(certificateMessages.alreadyRevoked);
  await db.updateTable('certificates').set({ revoked_at: now, revoked_by: auth.user.id }).where('id', '=', id).execute();
  await audit(db, { organizationId: auth.organization.id, actor: auth.user.id, action: 'certificate.revoked', address: caller.address, details: { id } });
  return issued({ ...row, revoked_at: now });
};

const UNKNOWN: Verification = { status: 'unknown', certificate: null, revokedAt: null };

/**
 * valid: the signature is the server's and the certificate was issued here and not revoked;
 * revoked: as valid, but revoked (with when); unknown: anything else (malformed, altered,
 * signed by another key, never issued). An altered code says nothing of what it claims.
 */
export const verifyCode = async (db: Kysely<Database>, signingKey: string | undefined, code: string): Promise<Verification> => {
  const parsed = parseCode(code);
  if (parsed === undefined) return UNKNOWN;
  const keys = await signingKeys(db, signingKey);
  if (!verifyText(keys.publicKey, parsed.signed, parsed.signature)) return UNKNOWN;
  if (!UUID.test(parsed.payload.id)) return UNKNOWN;
  const row = await db.selectFrom('certificates').select(['payload', 'revoked_at']).where('id', '=', parsed.payload.id).executeTakeFirst();
  if (row === undefined || row.payload !== parsed.signed) return UNKNOWN;
  return row.revoked_at === null
    ? { status: 'valid', certificate: parsed.payload, revokedAt: null }
    : { status: 'revoked', certificate: parsed.payload, revokedAt: row.revoked_at.toISOString() };
};

/** The public key, as published at the well-known address. */
export const publicKeyPem = async (db: Kysely<Database>, signingKey: string | undefined): Promise<string> => (await signingKeys(db, signingKey)).publicPem;
