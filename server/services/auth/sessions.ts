import type { Kysely } from 'kysely';
import type { Database, OrganizationRow, SessionRow, UserRow } from '../../db/database';
import { randomToken, sha256Hex } from './tokens';

/** Server-side idle limit, the same 30 minutes as the client's auto-logout (SPEC sections 4 and 9). */
export const SESSION_IDLE_MS = 30 * 60_000;

/** last_seen_at is written at most this often, to spare a write per request. */
export const SESSION_TOUCH_MS = 60_000;

export interface IssueSessionOptions {
  readonly kind?: 'primary' | 'secondary';
  /** Password expired: the session may only change the password (and sign out). */
  readonly restricted?: boolean;
  readonly address?: string | null;
  readonly viewAsGroupId?: string | null;
  /** View-as: the session that opens this one; revoking or idling it ends this one too. */
  readonly parentSessionId?: string | null;
}

export interface IssuedSession {
  /** The bearer token, handed out once; only its hash is stored. */
  readonly token: string;
  readonly session: SessionRow;
}

/** A new random token for every sign-in, password change or view-as. */
export const issueSession = async (db: Kysely<Database>, user: Pick<UserRow, 'id' | 'organization_id'>, options: IssueSessionOptions = {}): Promise<IssuedSession> => {
  const token = randomToken();
  const session = await db
    .insertInto('sessions')
    .values({
      token_hash: sha256Hex(token),
      user_id: user.id,
      organization_id: user.organization_id,
      kind: options.kind ?? 'primary',
      restricted: options.restricted ?? false,
      address: options.address ?? null,
      view_as_group_id: options.viewAsGroupId ?? null,
      parent_session_id: options.parentSessionId ?? null,
      // The server clock, as the idle check uses (not the database's now()).
      last_seen_at: new Date(),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session };
};

export interface ActiveSession {
  readonly session: SessionRow;
  readonly user: UserRow;
  readonly organization: OrganizationRow;
}

/**
 * The live session of a token, with its user and organisation; undefined when the token is
 * unknown, revoked, idle for more than 30 minutes, or its user is no longer active.
 * last_seen_at is refreshed (at most once a minute).
 */
export const findActiveSession = async (db: Kysely<Database>, token: string, now = new Date()): Promise<ActiveSession | undefined> => {
  if (token.length > 256) return undefined;
  const session = await db.selectFrom('sessions').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
  if (session === undefined || session.revoked_at !== null) return undefined;
  if (now.getTime() - session.last_seen_at.getTime() > SESSION_IDLE_MS) return undefined;
  if (session.parent_session_id !== null) {
    const parent = await db.selectFrom('sessions').select(['revoked_at', 'last_seen_at']).where('id', '=', session.parent_session_id).executeTakeFirst();
    if (parent === undefined || parent.revoked_at !== null || now.getTime() - parent.last_seen_at.getTime() > SESSION_IDLE_MS) return undefined;
  }
  // Side by side: on a PostgreSQL pool the two reads cost one round trip of waiting, not two.
  const [user, organization] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', session.user_id).where('organization_id', '=', session.organization_id).executeTakeFirst(),
    db.selectFrom('organizations').selectAll().where('id', '=', session.organization_id).executeTakeFirst(),
  ]);
  if (user === undefined || !user.active || organization === undefined) return undefined;
  if (now.getTime() - session.last_seen_at.getTime() > SESSION_TOUCH_MS) {
    // Using a view-as session keeps the session that opened it alive too: primary-flagged calls
    // still go out with the parent's token while the person browses as the group.
    const touched = session.parent_session_id === null ? [session.id] : [session.id, session.parent_session_id];
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', 'in', touched).execute();
    return { session: { ...session, last_seen_at: now }, user, organization };
  }
  return { session, user, organization };
};

const revokeSessionWhere = async (db: Kysely<Database>, column: 'token_hash' | 'id', value: string, now: Date): Promise<SessionRow | undefined> => {
  const session = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where(column, '=', value)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (session !== undefined) {
    await db.updateTable('sessions').set({ revoked_at: now }).where('parent_session_id', '=', session.id).where('revoked_at', 'is', null).execute();
  }
  return session;
};

/** Revokes one session by its token, and the view-as sessions it opened; answers the revoked session, if there was a live one. */
export const revokeSessionByToken = (db: Kysely<Database>, token: string, now = new Date()): Promise<SessionRow | undefined> =>
  revokeSessionWhere(db, 'token_hash', sha256Hex(token), now);

/** Revokes one session by its id, and the view-as sessions it opened. */
export const revokeSessionById = (db: Kysely<Database>, id: string, now = new Date()): Promise<SessionRow | undefined> =>
  revokeSessionWhere(db, 'id', id, now);

/** Revokes every live session of a user, except one (the session a password change issues). */
export const revokeUserSessions = async (db: Kysely<Database>, userId: string, exceptSessionId?: string, now = new Date()): Promise<number> => {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  // Counted from RETURNING: PGlite's driver does not report affected rows.
  const revoked = await query.returning('id').execute();
  return revoked.length;
};

/** A new password is stored, its age starts again, and every session of the person ends. */
export const replacePassword = async (db: Kysely<Database>, user: Pick<UserRow, 'id' | 'organization_id'>, passwordHash: string): Promise<void> => {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: new Date() })
    .where('id', '=', user.id)
    .where('organization_id', '=', user.organization_id)
    .execute();
  await revokeUserSessions(db, user.id);
};
