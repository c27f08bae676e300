import { type Kysely, sql } from 'kysely';
import { Messages } from '../../../domain/contracts/envelope';
import { ALIAS_LIMIT, textProblem } from '../../../domain/contracts/textLimits';
import {
  ALIAS_MAX,
  type Anonymity,
  DEFAULT_SURVEY_ID,
  LINK_CAPACITY_MAX,
  LINK_MAX_MS,
  linkStatus,
  parseUtcDateTime,
  promisedSeats,
  type SurveySummary,
  type TokenLink,
  TokenMessages,
  type TokenUpdateInput,
} from '../../../domain/contracts/tokens';
import type { Database, JsonValue, SurveyTokenRow } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { isUniqueViolation } from '../../db/errors';
import { DomainError, type FieldErrors, fieldFailure, forbidden, invalidData, notFound } from '../errors';
import { randomToken } from '../auth/tokens';
import { isUuid } from '../invitations';
import { inScope, type LinkScope } from './scope';

/** The address a participant opens (the survey registration page, SPEC section 2). */
export const linkUrl = (appUrl: string, token: string, alias: string): string =>
  `${appUrl}/?token=${encodeURIComponent(token)}&alias=${encodeURIComponent(alias)}`;

const linkColumns = [
  'st.id',
  'st.alias',
  'st.token',
  'st.survey_id',
  'st.department_id',
  'st.anonymity',
  'st.starts_at',
  'st.expires_at',
  'st.capacity',
  'st.used',
  'st.active',
  'st.created_at',
  's.name as survey_name',
  'd.name as department_name',
  'd.parent_id as department_parent_id',
] as const;

/** The organisation's links with their survey and department, newest first. */
const linkQuery = (db: Kysely<Database>, organizationId: string) =>
  db
    .selectFrom('survey_tokens as st')
    .innerJoin('surveys as s', 's.id', 'st.survey_id')
    .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'st.department_id').onRef('d.organization_id', '=', 'st.organization_id'))
    .select(linkColumns)
    .where('st.organization_id', '=', organizationId)
    .orderBy('st.created_at', 'desc')
    .orderBy('st.id', 'desc');

type LinkRecord = Awaited<ReturnType<ReturnType<typeof linkQuery>['executeTakeFirstOrThrow']>>;

const toTokenLink = (row: LinkRecord, appUrl: string, now: Date): TokenLink => ({
  id: row.id,
  alias: row.alias,
  token: row.token,
  url: linkUrl(appUrl, row.token, row.alias),
  survey: { id: row.survey_id, name: row.survey_name },
  department:
    row.department_id === null || row.department_name === null
      ? null
      : { id: row.department_id, name: row.department_name, parent_id: row.department_parent_id ?? null },
  anonymity: (row.anonymity === 0 ? 0 : 1) as Anonymity,
  starts_at: row.starts_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  capacity: row.capacity,
  used: row.used,
  usage_left: row.capacity - row.used,
  active: row.active,
  status: linkStatus(row, now),
  created_at: row.created_at.toISOString(),
});

/** GET /token/all: the links the caller's scope covers. */
export const listLinks = async (db: Kysely<Database>, organizationId: string, scope: LinkScope, appUrl: string): Promise<TokenLink[]> => {
  if (!scope.all && scope.departmentIds.size === 0) return [];
  const rows = await linkQuery(db, organizationId)
    .$if(!scope.all, (query) => query.where('st.department_id', 'in', scope.all ? [] : [...scope.departmentIds]))
    .execute();
  const now = new Date();
  return rows.map((row) => toTokenLink(row, appUrl, now));
};

/** One link of the organisation within the scope, or undefined (another organisation's link included). */
export const findLink = async (db: Kysely<Database>, organizationId: string, scope: LinkScope, id: string, appUrl: string): Promise<TokenLink | undefined> => {
  if (!isUuid(id)) return undefined;
  const row = await linkQuery(db, organizationId).where('st.id', '=', id).executeTakeFirst();
  return row === undefined || !inScope(scope, row.department_id) ? undefined : toTokenLink(row, appUrl, new Date());
};

export const listSurveys = (db: Kysely<Database>): Promise<SurveySummary[]> => db.selectFrom('surveys').select(['id', 'name']).orderBy('id').execute();

const INT4_MAX = 2_147_483_647;

export const linkNotFound = (): DomainError => notFound(TokenMessages.linkNotFound);

/** The input after the checks that need no database: trimmed, parsed, with every field error. */
interface CheckedInput {
  readonly id?: string;
  readonly alias?: string;
  readonly surveyId?: number;
  readonly departmentId?: string | null;
  readonly anonymity?: Anonymity;
  readonly startsAt?: Date;
  readonly expiresAt?: Date;
  readonly capacity?: number;
  readonly active?: boolean;
}

const checkInput = (input: TokenUpdateInput): CheckedInput => {
  const errors: FieldErrors = {};
  const creating = input.id === undefined;
  if (input.id !== undefined && !isUuid(input.id)) throw linkNotFound();

  const alias = input.alias?.trim();
  if (alias === undefined) {
    if (creating) errors.alias = [Messages.fieldRequired('alias')];
  } else if (alias.length < 1 || alias.length > ALIAS_MAX) errors.alias = [TokenMessages.aliasLength];
  else if (textProblem(ALIAS_LIMIT, alias) !== undefined) errors.alias = [TokenMessages.aliasCharacters];

  if (input.survey_id !== undefined && !(Number.isInteger(input.survey_id) && input.survey_id > 0 && input.survey_id <= INT4_MAX)) {
    errors.survey_id = [TokenMessages.surveyDoesNotExist];
  }
  if (typeof input.department_id === 'string' && !isUuid(input.department_id)) errors.department_id = [TokenMessages.departmentNotInOrganization];
  if (input.anonymity !== undefined && input.anonymity !== 0 && input.anonymity !== 1) errors.anonymity = [TokenMessages.anonymity];

  const startsAt = input.starts_at === undefined ? undefined : parseUtcDateTime(input.starts_at);
  if (input.starts_at !== undefined && startsAt === undefined) errors.starts_at = [TokenMessages.dateTimeFormat];
  const expiresAt = input.expires_at === undefined ? undefined : parseUtcDateTime(input.expires_at);
  if (input.expires_at === undefined) {
    if (creating) errors.expires_at = [Messages.fieldRequired('expires at')];
  } else if (expiresAt === undefined) errors.expires_at = [TokenMessages.dateTimeFormat];

  if (input.capacity === undefined) {
    if (creating) errors.capacity = [Messages.fieldRequired('capacity')];
  } else if (!Number.isInteger(input.capacity) || input.capacity < 0 || input.capacity > LINK_CAPACITY_MAX) {
    errors.capacity = [TokenMessages.capacityInteger];
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  return {
    ...(input.id === undefined ? {} : { id: input.id }),
    ...(alias === undefined ? {} : { alias }),
    ...(input.survey_id === undefined ? {} : { surveyId: input.survey_id }),
    ...(input.department_id === undefined ? {} : { departmentId: input.department_id }),
    ...(input.anonymity === undefined ? {} : { anonymity: input.anonymity as Anonymity }),
    ...(startsAt === undefined ? {} : { startsAt }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(input.capacity === undefined ? {} : { capacity: input.capacity }),
    ...(input.active === undefined ? {} : { active: input.active }),
  };
};

export interface SaveLinkRequest {
  readonly auth: AuthContext;
  readonly scope: LinkScope;
  readonly input: TokenUpdateInput;
  readonly appUrl: string;
  readonly address: string | null;
}

const sameInstant = (a: Date | undefined, b: Date): boolean => a !== undefined && a.getTime() === b.getTime();

/** What one save works on inside its transaction: the caller, the checked input, the stored link if any, the time. */
interface SaveContext {
  readonly trx: Kysely<Database>;
  readonly organizationId: string;
  readonly scope: LinkScope;
  readonly input: CheckedInput;
  readonly existing: SurveyTokenRow | undefined;
  readonly now: Date;
}

/** The stored link a save changes, locked; 404 when it is not one of the caller's. */
const lockedLink = async (trx: Kysely<Database>, organizationId: string, scope: LinkScope, id: string | undefined): Promise<SurveyTokenRow | undefined> => {
  if (id === undefined) return undefined;
  const existing = await trx.selectFrom('survey_tokens').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).forUpdate().executeTakeFirst();
  if (existing === undefined || !inScope(scope, existing.department_id)) throw linkNotFound();
  return existing;
};

/** The department of the link after the save; a department outside the caller's scope (or none, for a group's manager) is 403 at once. */
const checkedDepartment = async (context: SaveContext, errors: FieldErrors): Promise<string | null> => {
  const { trx, organizationId, scope, input, existing } = context;
  const departmentId = input.departmentId === undefined ? (existing?.department_id ?? null) : input.departmentId;
  if (input.departmentId === undefined && existing !== undefined) return departmentId;
  if (departmentId !== null) {
    // FOR SHARE: the department cannot be removed before this transaction ends.
    const department = await trx
      .selectFrom('departments')
      .select('id')
      .where('id', '=', departmentId)
      .where('organization_id', '=', organizationId)
      .forShare()
      .executeTakeFirst();
    if (department === undefined) errors.department_id = [TokenMessages.departmentNotInOrganization];
    else if (!inScope(scope, departmentId)) throw forbidden(TokenMessages.onlyAdministrator);
  } else if (!scope.all) throw forbidden(TokenMessages.onlyAdministrator);
  return departmentId;
};

const aliasTaken = async (context: SaveContext, alias: string): Promise<boolean> => {
  const { trx, organizationId, existing } = context;
  const clash = await trx
    .selectFrom('survey_tokens')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(alias)`, '=', sql<string>`lower(${alias})`)
    .$if(existing !== undefined, (query) => query.where('id', '<>', existing!.id))
    .executeTakeFirst();
  return clash !== undefined;
};

/** The validity window and the switch after the save, with their errors. */
const checkedWindow = (context: SaveContext, errors: FieldErrors): { startsAt: Date; expiresAt: Date; active: boolean } => {
  const { input, existing, now } = context;
  // A value equal to the stored one is not a change: a form sent back whole still saves.
  const expiresChanged = input.expiresAt !== undefined && !(existing !== undefined && sameInstant(input.expiresAt, existing.expires_at));
  const startsChanged = input.startsAt !== undefined && !(existing !== undefined && sameInstant(input.startsAt, existing.starts_at));
  const expiresAt = input.expiresAt ?? existing!.expires_at;
  const startsAt = input.startsAt ?? existing?.starts_at ?? now;
  if (expiresChanged) {
    if (expiresAt.getTime() <= now.getTime()) errors.expires_at = [TokenMessages.expiryInPast];
    else if (expiresAt.getTime() > now.getTime() + LINK_MAX_MS) errors.expires_at = [TokenMessages.expiryTooFar];
  }
  if ((expiresChanged || startsChanged || existing === undefined) && errors.expires_at === undefined && startsAt.getTime() >= expiresAt.getTime()) {
    errors[input.startsAt !== undefined ? 'starts_at' : 'expires_at'] = [TokenMessages.startAfterExpiry];
  }
  const active = input.active ?? existing?.active ?? true;
  if (existing !== undefined && !existing.active && active && expiresAt.getTime() <= now.getTime() && errors.expires_at === undefined) {
    errors.active = [TokenMessages.expiredActivation];
  }
  return { startsAt, expiresAt, active };
};

/** The stored values the save writes. */
interface LinkValues {
  readonly alias: string;
  readonly survey_id: number;
  readonly department_id: string | null;
  readonly anonymity: number;
  readonly starts_at: Date;
  readonly expires_at: Date;
  readonly capacity: number;
  readonly active: boolean;
}

/** Every check that needs the database, in the order the errors are answered; then the values to store. */
const checkedValues = async (context: SaveContext): Promise<LinkValues> => {
  const { trx, input, existing } = context;
  const errors: FieldErrors = {};
  const surveyId = input.surveyId ?? existing?.survey_id ?? DEFAULT_SURVEY_ID;
  if (surveyId !== existing?.survey_id) {
    const survey = await trx.selectFrom('surveys').select('id').where('id', '=', surveyId).executeTakeFirst();
    if (survey === undefined) errors.survey_id = [TokenMessages.surveyDoesNotExist];
  }
  const departmentId = await checkedDepartment(context, errors);
  const alias = input.alias ?? existing!.alias;
  if (input.alias !== undefined && (await aliasTaken(context, alias))) errors.alias = [TokenMessages.aliasTaken];
  const { startsAt, expiresAt, active } = checkedWindow(context, errors);
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return {
    alias,
    survey_id: surveyId,
    department_id: departmentId,
    anonymity: input.anonymity ?? existing?.anonymity ?? 1,
    starts_at: startsAt,
    expires_at: expiresAt,
    capacity: input.capacity ?? existing!.capacity,
    active,
  };
};

/**
 * The seat rule: the seats the organisation's links hold back (`promisedSeats`) stay within
 * its seat capacity, unless the save lowers what this link holds back.
 */
const assertSeats = async (context: SaveContext, seatCapacity: number, values: LinkValues): Promise<void> => {
  const { trx, organizationId, existing, now } = context;
  const used = existing?.used ?? 0;
  const { capacity, active, expires_at: expiresAt } = values;
  const others = await trx
    .selectFrom('survey_tokens')
    .select(sql<number>`coalesce(sum(case when active and expires_at > ${now} then capacity else used end), 0)`.as('promised'))
    .where('organization_id', '=', organizationId)
    .$if(existing !== undefined, (query) => query.where('id', '<>', existing!.id))
    .executeTakeFirstOrThrow();
  const othersPromised = Number(others.promised);
  // The usage left (capacity - used) this link may have: the seats nobody else holds.
  const freeForLink = seatCapacity - othersPromised - used;
  const holdsCapacity = active && expiresAt.getTime() > now.getTime();
  if (capacity < used) {
    throw fieldFailure(TokenMessages.usageLeftOutOfRange(holdsCapacity ? Math.max(0, freeForLink) : LINK_CAPACITY_MAX - used), 'capacity');
  }
  const before = existing === undefined ? 0 : promisedSeats(existing, now);
  const after = promisedSeats({ active, expires_at: expiresAt, capacity, used }, now);
  if (after > before && othersPromised + after > seatCapacity) {
    throw fieldFailure(freeForLink <= 0 ? TokenMessages.organizationCapacityFull : TokenMessages.usageLeftOutOfRange(freeForLink), 'capacity');
  }
};

/** Inserts or updates the link and audits what changed; answers its id. */
const writeLink = async (context: SaveContext, request: SaveLinkRequest, values: LinkValues): Promise<string> => {
  const { trx, organizationId, existing } = context;
  let id: string;
  if (existing === undefined) {
    const created = await trx
      .insertInto('survey_tokens')
      .values({ ...values, organization_id: organizationId, token: randomToken(), created_by: request.auth.user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = created.id;
  } else {
    await trx.updateTable('survey_tokens').set(values).where('id', '=', existing.id).where('organization_id', '=', organizationId).returning('id').executeTakeFirstOrThrow();
    id = existing.id;
  }
  const details: Record<string, JsonValue> = {
    token_id: id,
    alias: values.alias,
    survey_id: values.survey_id,
    department_id: values.department_id,
    anonymity: values.anonymity,
    starts_at: values.starts_at.toISOString(),
    expires_at: values.expires_at.toISOString(),
    capacity: values.capacity,
    active: values.active,
  };
  if (existing !== undefined) {
    details.changed = Object.entries(values)
      .filter(([key, value]) => {
        const stored = existing[key as keyof LinkValues];
        return value instanceof Date && stored instanceof Date ? value.getTime() !== stored.getTime() : value !== stored;
      })
      .map(([key]) => key);
  }
  await audit(trx, {
    organizationId,
    actor: request.auth.user.id,
    action: existing === undefined ? 'token.created' : 'token.updated',
    address: request.address,
    details,
  });
  return id;
};

/**
 * POST /token/update. Every check and the write run in one transaction that holds the
 * organisation's row (SELECT ... FOR UPDATE): two saves at once cannot both take the last
 * free seats. The seat rule: the seats the organisation's links hold back (`promisedSeats`)
 * stay within organizations.seat_capacity; a change that lowers what the organisation holds
 * back is always allowed, so that an organisation whose capacity was lowered can tidy up.
 */
export const saveLink = async (db: Kysely<Database>, request: SaveLinkRequest): Promise<TokenLink> => {
  const { auth, scope, appUrl } = request;
  const input = checkInput(request.input);
  const organizationId = auth.organization.id;
  try {
    return await db.transaction().execute(async (trx) => {
      const organization = await trx
        .selectFrom('organizations')
        .select('seat_capacity')
        .where('id', '=', organizationId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const now = new Date();
      const existing = await lockedLink(trx, organizationId, scope, input.id);
      const context: SaveContext = { trx, organizationId, scope, input, existing, now };
      const values = await checkedValues(context);
      await assertSeats(context, organization.seat_capacity, values);
      const id = await writeLink(context, request, values);
      const saved = await linkQuery(trx, organizationId).where('st.id', '=', id).executeTakeFirstOrThrow();
      return toTokenLink(saved, appUrl, now);
    });
  } catch (error) {
    // Two saves of one alias at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw invalidData({ alias: [TokenMessages.aliasTaken] });
    throw error;
  }
};
