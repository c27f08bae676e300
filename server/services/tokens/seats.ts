import { type Kysely, sql } from 'kysely';
import type { Database, InvitationRow, SurveyTokenRow } from '../../db/database';
import { organizationUsable } from '../auth/users';
import { findInvitationByToken, invitationStatus, isUuid } from '../invitations';

/** Why a link cannot take an answer now; the same order as the public check answers them. */
export type LinkRefusal = 'inactive' | 'expired' | 'not_started' | 'no_seats';
export type ClaimResult = 'claimed' | LinkRefusal;

/** The reason a link refuses an answer at `now`, or undefined when it takes one. */
export const linkRefusal = (link: Pick<SurveyTokenRow, 'active' | 'starts_at' | 'expires_at' | 'capacity' | 'used'>, now: Date): LinkRefusal | undefined => {
  if (!link.active) return 'inactive';
  if (link.expires_at.getTime() <= now.getTime()) return 'expired';
  if (link.starts_at.getTime() > now.getTime()) return 'not_started';
  if (link.used >= link.capacity) return 'no_seats';
  return undefined;
};

/**
 * The seat claim itself: one UPDATE that takes a seat only while the link is on, started, not
 * expired and not full. The row lock it takes makes concurrent claims queue, and each re-reads
 * `used` after the one before it committed, so no seat is sold twice. It answers the link's id
 * when it took a seat, no row when it did not. A submit runs it inside the statement that
 * writes the response (responses/rows.ts insertResponse).
 */
export const claimSeatQuery = (trx: Kysely<Database>, tokenId: string) =>
  trx
    .updateTable('survey_tokens')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('id', '=', tokenId)
    .where('active', '=', true)
    .where((eb) => eb('used', '<', eb.ref('capacity')))
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'used']);

/**
 * Takes one seat of a link for a survey submission, inside the caller's transaction (so
 * the seat is given back if the submission fails). One conditional UPDATE: concurrent
 * claims queue on the row and each re-checks `used < capacity`, so a link never gives more
 * seats than it has. When nothing was updated, a read says why. The database clock decides
 * the validity window.
 */
export const claimSeat = async (trx: Kysely<Database>, { tokenId }: { readonly tokenId: string }): Promise<ClaimResult> => {
  if (!isUuid(tokenId)) return 'inactive';
  const claimed = await claimSeatQuery(trx, tokenId).executeTakeFirst();
  if (claimed !== undefined) return 'claimed';
  return seatRefusal(trx, tokenId);
};

/** Why a link gave no seat just now (read after a claim that updated nothing). */
export const seatRefusal = async (db: Kysely<Database>, tokenId: string): Promise<LinkRefusal> => {
  const row = await db
    .selectFrom('survey_tokens')
    .select(['active', 'starts_at', 'expires_at', 'capacity', 'used', sql<Date>`now()`.as('now')])
    .where('id', '=', tokenId)
    .executeTakeFirst();
  if (row === undefined) return 'inactive';
  // Full is the only answer left when the update found the row valid but could not take a seat.
  return linkRefusal(row, new Date(row.now)) ?? 'no_seats';
};

/** A link found by its public token, with what the survey page needs of its organisation and group. */
export interface PublicLink {
  readonly link: SurveyTokenRow;
  readonly organization: { readonly id: string; readonly name: string; readonly usable: boolean };
  readonly department: { readonly id: string; readonly name: string } | null;
}

const TOKEN_MAX = 256;

/** The link of a public token (any state), or undefined. The organisation is unusable when it is off or its package ended. */
export const findLinkByToken = async (db: Kysely<Database>, token: string): Promise<PublicLink | undefined> => {
  if (token === '' || token.length > TOKEN_MAX) return undefined;
  // One round trip for the link, its organisation and its group: every submit starts here.
  const row = await db
    .selectFrom('survey_tokens as t')
    .innerJoin('organizations as o', 'o.id', 't.organization_id')
    .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 't.department_id').onRef('d.organization_id', '=', 't.organization_id'))
    .selectAll('t')
    .select([
      'o.name as organization_name',
      'o.active as organization_active',
      'o.package_expires_at as organization_package_expires_at',
      'd.id as found_department_id',
      'd.name as found_department_name',
    ])
    .where('t.token', '=', token)
    .executeTakeFirst();
  return row === undefined ? undefined : publicLinkOf(row);
};

/** The columns of a link read with its organisation and group, as one row. */
export type PublicLinkRow = SurveyTokenRow & {
  readonly organization_name: string;
  readonly organization_active: boolean;
  readonly organization_package_expires_at: Date | null;
  readonly found_department_id: string | null;
  readonly found_department_name: string | null;
};

export const publicLinkOf = (row: PublicLinkRow): PublicLink => {
  const { organization_name, organization_active, organization_package_expires_at, found_department_id, found_department_name, ...link } = row;
  return {
    link,
    organization: {
      id: link.organization_id,
      name: organization_name,
      usable: organizationUsable({ active: organization_active, package_expires_at: organization_package_expires_at }),
    },
    department: found_department_id === null || found_department_name === null ? null : { id: found_department_id, name: found_department_name },
  };
};

/** What a survey invitation token means for a link. */
export type LinkInvitation = { readonly state: 'pending'; readonly invitation: InvitationRow } | { readonly state: 'used' } | { readonly state: 'invalid' };

/**
 * The personal survey invitation of this link with this token (kind 'survey' of the link's
 * organisation, details.survey_token_id the link). 'used' when it was already answered
 * (accepted); 'invalid' when unknown, revoked, expired or for another link, all alike.
 */
export const findLinkInvitation = async (db: Kysely<Database>, link: Pick<SurveyTokenRow, 'id' | 'organization_id'>, token: string, now = new Date()): Promise<LinkInvitation> => {
  const invitation = await findInvitationByToken(db, token);
  if (invitation === undefined || invitation.kind !== 'survey' || invitation.organization_id !== link.organization_id) return { state: 'invalid' };
  const details = invitation.details;
  const linkId = typeof details === 'object' && details !== null && !Array.isArray(details) ? details.survey_token_id : undefined;
  if (linkId !== link.id) return { state: 'invalid' };
  const status = invitationStatus(invitation, now);
  if (status === 'accepted') return { state: 'used' };
  return status === 'pending' ? { state: 'pending', invitation } : { state: 'invalid' };
};
