import { type Kysely, sql } from 'kysely';
import { promisedSeats } from '../../../domain/contracts/tokens';
import type { Database, OrganizationRow } from '../../db/database';
import { audit } from '../auth/audit';
import { isUuid } from '../invitations';

/** A refusal of an operator's command, in words the operator can act on. */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

export type PackageStatus = 'active' | 'suspended' | 'expired';

export const MAX_SEATS = 10_000_000;
const DAY_MS = 86_400_000;

export const packageStatus = (organization: Pick<OrganizationRow, 'active' | 'package_expires_at'>, now: Date): PackageStatus => {
  if (!organization.active) return 'suspended';
  if (organization.package_expires_at !== null && organization.package_expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
};

/** An organisation by id, or by its name in any letter case when only one organisation has it. */
export const findOrganizationByReference = async (db: Kysely<Database>, reference: string): Promise<OrganizationRow> => {
  const ref = reference.trim();
  if (ref === '') throw new OperatorError('Name an organisation by its id or its name (`npm run org -- list` shows them).');
  if (isUuid(ref)) {
    const byId = await db.selectFrom('organizations').selectAll().where('id', '=', ref.toLowerCase()).executeTakeFirst();
    if (byId !== undefined) return byId;
  }
  const byName = await db.selectFrom('organizations').selectAll().where(sql<string>`lower(name)`, '=', ref.toLowerCase()).execute();
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) {
    throw new OperatorError(`"${ref}" names ${byName.length} organisations; use an id: ${byName.map((organization) => organization.id).join(', ')}.`);
  }
  throw new OperatorError(`No organisation "${ref}" (\`npm run org -- list\` shows them).`);
};

export interface OrganizationSummary {
  readonly id: string;
  readonly name: string;
  readonly status: PackageStatus;
  readonly packageEnds: Date | null;
  readonly seatCapacity: number;
  readonly responses: number;
}

export const listOrganizations = async (db: Kysely<Database>, now = new Date()): Promise<OrganizationSummary[]> => {
  const rows = await db
    .selectFrom('organizations')
    .leftJoin(db.selectFrom('responses').select(['organization_id', db.fn.countAll<string>().as('count')]).groupBy('organization_id').as('counted'), 'counted.organization_id', 'organizations.id')
    .select(['organizations.id', 'organizations.name', 'organizations.active', 'organizations.package_expires_at', 'organizations.seat_capacity', 'counted.count'])
    .orderBy('organizations.name')
    .orderBy('organizations.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: packageStatus(row, now),
    packageEnds: row.package_expires_at,
    seatCapacity: row.seat_capacity,
    responses: Number(row.count ?? 0),
  }));
};

export interface OrganizationDetails extends OrganizationSummary {
  readonly country: string;
  readonly createdAt: Date;
  /** Seats the links hold back: a live link's whole capacity, a closed one's used seats. */
  readonly seatsPromised: number;
  readonly liveLinks: number;
  readonly usersByRole: Readonly<Record<string, number>>;
}

export const seatsPromisedBy = async (db: Kysely<Database>, organizationId: string, now: Date): Promise<{ promised: number; liveLinks: number }> => {
  const links = await db.selectFrom('survey_tokens').select(['active', 'expires_at', 'capacity', 'used']).where('organization_id', '=', organizationId).execute();
  return {
    promised: links.reduce((sum, link) => sum + promisedSeats(link, now), 0),
    liveLinks: links.filter((link) => link.active && link.expires_at.getTime() > now.getTime()).length,
  };
};

export const showOrganization = async (db: Kysely<Database>, reference: string, now = new Date()): Promise<OrganizationDetails> => {
  const organization = await findOrganizationByReference(db, reference);
  const summary = (await listOrganizations(db, now)).find((row) => row.id === organization.id)!;
  const { promised, liveLinks } = await seatsPromisedBy(db, organization.id, now);
  const roles = await db
    .selectFrom('users')
    .select(['role', db.fn.countAll<string>().as('count')])
    .where('organization_id', '=', organization.id)
    .where('active', '=', true)
    .groupBy('role')
    .orderBy('role')
    .execute();
  return {
    ...summary,
    country: organization.country,
    createdAt: organization.created_at,
    seatsPromised: promised,
    liveLinks,
    usersByRole: Object.fromEntries(roles.map((row) => [row.role, Number(row.count)])),
  };
};

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** A calendar day YYYY-MM-DD that exists (2027-02-30 does not). */
const parseDay = (value: string): Date => {
  const trimmed = value.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? new Date(`${trimmed}T00:00:00.000Z`) : new Date(NaN);
  if (Number.isNaN(day.getTime()) || isoDay(day) !== trimmed) throw new OperatorError(`--until must be a calendar day written YYYY-MM-DD, not "${value}".`);
  return day;
};

const operatorAudit = (db: Kysely<Database>, organizationId: string, action: string, details: Record<string, string | number | boolean | null>) =>
  audit(db, { organizationId, actor: null, action: `operator.${action}`, address: null, details });

/** The package runs to the end of `until` (UTC): it ends at midnight after it. */
export const extendPackage = async (db: Kysely<Database>, reference: string, until: string, now = new Date()): Promise<OrganizationRow> => {
  const day = parseDay(until);
  const endsAt = new Date(day.getTime() + DAY_MS);
  if (endsAt.getTime() <= now.getTime()) throw new OperatorError(`--until ${isoDay(day)} is in the past: the package must run to today (${isoDay(now)}) or later.`);
  const organization = await findOrganizationByReference(db, reference);
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('organizations').set({ package_expires_at: endsAt }).where('id', '=', organization.id).returningAll().executeTakeFirstOrThrow();
    await operatorAudit(trx, organization.id, 'package_extended', { from: organization.package_expires_at?.toISOString() ?? null, to: endsAt.toISOString() });
    return updated;
  });
};

/** Seat capacity; never below the seats the organisation's links already hold back. */
export const setSeats = async (db: Kysely<Database>, reference: string, seats: string, now = new Date()): Promise<OrganizationRow> => {
  const value = /^\d{1,9}$/.test(seats.trim().replace(/[_,]/g, '')) ? Number(seats.trim().replace(/[_,]/g, '')) : NaN;
  if (!Number.isSafeInteger(value) || value > MAX_SEATS) throw new OperatorError(`Seats must be a whole number from 0 to ${MAX_SEATS.toLocaleString('en-AU')}, not "${seats}".`);
  const organization = await findOrganizationByReference(db, reference);
  return db.transaction().execute(async (trx) => {
    // Held while the links are counted, so that no link takes seats meanwhile.
    await trx.selectFrom('organizations').select('id').where('id', '=', organization.id).forUpdate().execute();
    const { promised } = await seatsPromisedBy(trx, organization.id, now);
    if (value < promised) {
      throw new OperatorError(`${organization.name}'s survey links hold back ${promised} seats: the capacity cannot go below that. Close or shrink links first.`);
    }
    const updated = await trx.updateTable('organizations').set({ seat_capacity: value }).where('id', '=', organization.id).returningAll().executeTakeFirstOrThrow();
    await operatorAudit(trx, organization.id, 'seats_changed', { from: organization.seat_capacity, to: value });
    return updated;
  });
};

/** Suspended: nobody of the organisation can sign in or read its dashboards (the SPEC's 403) until resumed. */
export const setSuspended = async (db: Kysely<Database>, reference: string, suspended: boolean): Promise<OrganizationRow> => {
  const organization = await findOrganizationByReference(db, reference);
  if (organization.active === !suspended) throw new OperatorError(`${organization.name} is already ${suspended ? 'suspended' : 'active'}.`);
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('organizations').set({ active: !suspended }).where('id', '=', organization.id).returningAll().executeTakeFirstOrThrow();
    await operatorAudit(trx, organization.id, suspended ? 'suspended' : 'resumed', {});
    return updated;
  });
};
