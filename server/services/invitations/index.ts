import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { DateTime } from 'luxon';
import {
  type DepartmentRef,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationKind,
  type InvitationStatus,
} from '../../../domain/contracts/members';
import type { Database, InvitationRow, JsonValue, OrganizationRow } from '../../db/database';
import { toJson } from '../../db/database';
import { randomToken, sha256Hex } from '../auth/tokens';
import { normalizeEmail } from '../auth/users';
import { dayIn, zoneOf } from '../calendar/catalogue';
import type { MailMessage } from '../mail';
import { mailTexts, type InvitedRole } from '../../../domain/i18n/mails';

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

/** The kinds whose acceptance creates an account ('survey' only lets a participant answer). */
export type AccountKind = Exclude<InvitationKind, 'survey'>;
export const ACCOUNT_KINDS: readonly AccountKind[] = ['second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff'];

const TOKEN_MAX = 256;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive as text: one that is not a uuid cannot name a row, and must not reach a uuid column (22P02). */
export const isUuid = (value: string): boolean => UUID.test(value);

export interface NewInvitation {
  readonly organizationId: string;
  readonly kind: InvitationKind;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly departmentId: string | null;
  readonly invitedBy: string | null;
  /** Survey invitations: the survey link (survey_tokens.id). */
  readonly surveyTokenId?: string;
  /** When the invitation stops working; INVITATION_TTL_DAYS from now by default (a campaign's: its closing time). */
  readonly expiresAt?: Date;
}

export interface IssuedInvitation {
  readonly row: InvitationRow;
  /** Handed out once, in the email; only its hash is stored. */
  readonly token: string;
}

/**
 * Revokes the organisation's pending invitations of an address that a new one replaces:
 * for an account kind every pending account invitation of the address, for a survey one the
 * pending survey invitation of the same link. Answers the revoked ids.
 */
export const revokeReplaced = async (
  db: Kysely<Database>,
  invitation: Pick<NewInvitation, 'organizationId' | 'kind' | 'email' | 'surveyTokenId'>,
  now: Date,
  exceptId?: string,
): Promise<string[]> => {
  let query = db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', invitation.organizationId)
    .where(sql<string>`lower(email)`, '=', normalizeEmail(invitation.email))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  query =
    invitation.kind === 'survey'
      ? query.where('kind', '=', 'survey').where(sql<string>`details->>'survey_token_id'`, '=', invitation.surveyTokenId ?? '')
      : query.where('kind', '!=', 'survey');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const revoked = await query.returning('id').execute();
  return revoked.map((row) => row.id);
};

/** A new invitation with a fresh token, replacing older pending ones of the address (see revokeReplaced). */
export const createInvitation = async (db: Kysely<Database>, invitation: NewInvitation, now = new Date()): Promise<IssuedInvitation> => {
  await revokeReplaced(db, invitation, now);
  const token = randomToken();
  const details: Record<string, JsonValue> = invitation.surveyTokenId === undefined ? {} : { survey_token_id: invitation.surveyTokenId };
  const row = await db
    .insertInto('invitations')
    .values({
      organization_id: invitation.organizationId,
      kind: invitation.kind,
      email: invitation.email.trim(),
      first_name: invitation.firstName.trim(),
      last_name: invitation.lastName.trim(),
      department_id: invitation.departmentId,
      token_hash: sha256Hex(token),
      invited_by: invitation.invitedBy,
      expires_at: invitation.expiresAt ?? new Date(now.getTime() + INVITATION_TTL_MS),
      accepted_at: null,
      revoked_at: null,
      user_id: null,
      details: toJson(details),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, token };
};

/** A new token and a new expiry for an invitation of the organisation: the old token stops working. */
export const renewInvitationToken = async (db: Kysely<Database>, organizationId: string, invitationId: string, now = new Date()): Promise<IssuedInvitation> => {
  const token = randomToken();
  const row = await db
    .updateTable('invitations')
    .set({ token_hash: sha256Hex(token), expires_at: new Date(now.getTime() + INVITATION_TTL_MS) })
    .where('id', '=', invitationId)
    .where('organization_id', '=', organizationId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, token };
};

/** The invitation's own token, or one of the further tokens a campaign's reminders carry (invitation_tokens). */
const ofTokenHash = (eb: ExpressionBuilder<Database, 'invitations'>, hash: string) =>
  eb.or([
    eb('invitations.token_hash', '=', hash),
    eb('invitations.id', 'in', eb.selectFrom('invitation_tokens').select('invitation_tokens.invitation_id').where('invitation_tokens.token_hash', '=', hash)),
  ]);

/**
 * The pending invitation of a token (not accepted, not revoked, not expired) among the given
 * kinds; undefined for anything else, all alike.
 */
export const findPendingInvitation = async (
  db: Kysely<Database>,
  token: string,
  kinds: readonly InvitationKind[],
  now = new Date(),
): Promise<InvitationRow | undefined> => {
  if (token === '' || token.length > TOKEN_MAX || kinds.length === 0) return undefined;
  return db
    .selectFrom('invitations')
    .selectAll()
    .where((eb) => ofTokenHash(eb, sha256Hex(token)))
    .where('kind', 'in', kinds)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
};

/** The invitation of a token whatever its state (used by sign-in from an accepted second-admin link). */
export const findInvitationByToken = async (db: Kysely<Database>, token: string): Promise<InvitationRow | undefined> => {
  if (token === '' || token.length > TOKEN_MAX) return undefined;
  return db.selectFrom('invitations').selectAll().where((eb) => ofTokenHash(eb, sha256Hex(token))).executeTakeFirst();
};

export interface SurveyInvitation {
  readonly invitation: InvitationRow;
  /** The survey link (survey_tokens.id) the invitation is for. */
  readonly surveyTokenId: string;
}

const surveyTokenIdOf = (details: JsonValue): string | undefined => {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return undefined;
  const id = details.survey_token_id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * For GET /check-register-token and the survey submit: the pending survey invitation of an
 * emailed `invitation` token, looked up by its sha-256. Unknown, used, revoked and expired
 * tokens all answer undefined. The caller still checks that the survey link matches.
 */
export const findSurveyInvitation = async (db: Kysely<Database>, token: string, now = new Date()): Promise<SurveyInvitation | undefined> => {
  const invitation = await findPendingInvitation(db, token, ['survey'], now);
  if (invitation === undefined) return undefined;
  const surveyTokenId = surveyTokenIdOf(invitation.details);
  return surveyTokenId === undefined ? undefined : { invitation, surveyTokenId };
};

/**
 * When an anonymous answer is kept as answered: the start of its day in its campaign's time zone,
 * else the organisation's (the day is all that is ever shown, see answeredOn). A finer time would
 * let a reader of the database pair the invitation with the response written in the same instant.
 */
const answeredDayStart = async (db: Kysely<Database>, invitationId: string, now: Date): Promise<Date> => {
  const found = await db
    .selectFrom('invitations')
    .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
    .leftJoin('campaign_recipients', 'campaign_recipients.invitation_id', 'invitations.id')
    .leftJoin('campaigns', 'campaigns.id', 'campaign_recipients.campaign_id')
    .select(['organizations.country', 'campaigns.time_zone'])
    .where('invitations.id', '=', invitationId)
    .executeTakeFirst();
  const zone = found === undefined ? 'UTC' : (found.time_zone ?? zoneOfCountry(found.country));
  return DateTime.fromJSDate(now, { zone }).startOf('day').toJSDate();
};

/**
 * Marks a pending survey invitation used (single use); false when it was no longer pending.
 * An anonymous answer keeps only its day (answeredDayStart).
 */
export const markSurveyInvitationAccepted = async (db: Kysely<Database>, invitationId: string, now = new Date(), anonymous = false): Promise<boolean> => {
  const row = await db
    .updateTable('invitations')
    .set({ accepted_at: anonymous ? await answeredDayStart(db, invitationId, now) : now })
    .where('id', '=', invitationId)
    .where('kind', '=', 'survey')
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

export const invitationStatus = (row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>, now = new Date()): InvitationStatus => {
  if (row.accepted_at !== null) return 'accepted';
  if (row.revoked_at !== null) return 'revoked';
  return row.expires_at.getTime() > now.getTime() ? 'pending' : 'expired';
};

const zones = new Map<string, string>();

/** The zone the organisation's calendar reckons days in; looking it up takes about a millisecond, and a list can hold thousands of answers. */
const zoneOfCountry = (country: string): string => {
  let zone = zones.get(country);
  if (zone === undefined) zones.set(country, (zone = zoneOf(country)));
  return zone;
};

/**
 * When a survey invitation was answered, to the day: released figures take answers in batches,
 * and a finer time would tell which batch holds the invitee's answer.
 */
const answeredOn = (row: InvitationRow, country: string): string | null =>
  row.kind === 'survey' && row.accepted_at !== null ? dayIn(row.accepted_at, zoneOfCountry(country)) : null;

/** An invitation row with its department, as managers see it (never the token hash). */
export const toInvitation = (
  row: InvitationRow,
  department: DepartmentRef | null,
  organization: Pick<OrganizationRow, 'country'>,
  now = new Date(),
): Invitation => ({
  id: row.id,
  kind: row.kind,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  department,
  survey_token_id: row.kind === 'survey' ? (surveyTokenIdOf(row.details) ?? null) : null,
  status: invitationStatus(row, now),
  expires_at: row.expires_at.toISOString(),
  accepted_at: row.kind === 'survey' || row.accepted_at === null ? null : row.accepted_at.toISOString(),
  created_at: row.created_at.toISOString(),
  invited_by: row.invited_by,
  answered_on: answeredOn(row, organization.country),
});

/** The departments named by a set of invitations, by id (one query, scoped to the organisation). */
export const departmentRefs = async (db: Kysely<Database>, organizationId: string, ids: readonly (string | null)[]): Promise<Map<string, DepartmentRef>> => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name', 'parent_id'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, parent_id: row.parent_id }]));
};

export const toInvitations = async (
  db: Kysely<Database>,
  organization: Pick<OrganizationRow, 'id' | 'country'>,
  rows: readonly InvitationRow[],
  now = new Date(),
): Promise<Invitation[]> => {
  const departments = await departmentRefs(db, organization.id, rows.map((row) => row.department_id));
  return rows.map((row) => toInvitation(row, row.department_id === null ? null : (departments.get(row.department_id) ?? null), organization, now));
};

const PAGES: Readonly<Record<AccountKind, string>> = {
  group_assignee: '/check-department-invitation?token=',
  subgroup_assignee: '/subgroup-register?token=',
  sub_admin: '/check-invitation?token=',
  second_admin: '/login?second-admin-token=',
  // /register is the survey from a link; /check-activation accepts every account kind.
  staff: '/check-activation?token=',
};

/** The link an invitation email carries; a survey invitation also needs the survey link's own token. */
export const invitationLink = (appUrl: string, kind: InvitationKind, token: string, surveyLinkToken?: string): string =>
  kind === 'survey'
    ? `${appUrl}/?token=${encodeURIComponent(surveyLinkToken ?? '')}&invitation=${encodeURIComponent(token)}`
    : `${appUrl}${PAGES[kind]}${encodeURIComponent(token)}`;

export interface InvitationMailInput {
  readonly appUrl: string;
  readonly row: InvitationRow;
  readonly token: string;
  readonly organizationName: string;
  /** The group or sub-group of an assignee invitation. */
  readonly departmentName?: string;
  readonly inviterName?: string;
  readonly surveyLinkToken?: string;
  /**
   * The languages to write in, first known first (the inviter's setting, then the language the
   * request was made in); English when none is known.
   */
  readonly languages?: readonly (string | null | undefined)[];
}

const roleOf = (kind: AccountKind, department: string | undefined): InvitedRole =>
  kind === 'group_assignee' || kind === 'subgroup_assignee' ? { kind, department } : { kind };

/** The email of an invitation, in plain words with its one link. */
export const invitationMail = (input: InvitationMailInput): MailMessage => {
  const { row } = input;
  const link = invitationLink(input.appUrl, row.kind, input.token, input.surveyLinkToken);
  const words = mailTexts(...(input.languages ?? []));
  const greeting = words.greeting(row.first_name);
  const from = input.inviterName === undefined || input.inviterName.trim() === '' ? input.organizationName : words.inviterOf(input.inviterName.trim(), input.organizationName);
  const closing = words.closing(INVITATION_TTL_DAYS);
  if (row.kind === 'survey') {
    return {
      organizationId: row.organization_id,
      to: row.email,
      subject: words.surveySubject(input.organizationName),
      text: `${greeting}\n\n${words.surveyBody(from, link)}${closing}`,
      link,
    };
  }
  return {
    organizationId: row.organization_id,
    to: row.email,
    subject: words.accountSubject(input.organizationName),
    text: `${greeting}\n\n${words.accountBody(from, input.organizationName, roleOf(row.kind, input.departmentName), link)}${closing}`,
    link,
  };
};
