import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { type ActiveSession, findActiveSession } from './sessions';
import { mayOpenEndedPackage, organizationUsable } from './users';

/** What a route behind sign-in lets in beyond a live session of a usable organisation. */
export interface SessionAdmission {
  /** A session issued with an expired password (the password change and the session check). */
  readonly allowRestricted?: boolean;
  /** An administrator whose package ended by date (the session check and the package routes). */
  readonly allowEndedPackage?: boolean;
}

/** Why a live session is still turned away. */
export type SessionRefusal = 'noActivePackage' | 'passwordExpired';

/**
 * The sign-in rules the auth plugin applies to every request, handed to it as a decoration so
 * that the HTTP layer reads sessions without importing the services that keep them.
 */
export interface SessionGate {
  /** The live session of a bearer token, or undefined (unknown, revoked, idle, user inactive). */
  find(token: string): Promise<ActiveSession | undefined>;
  /** Undefined when the session may pass, else why not. */
  refusalOf(active: ActiveSession, admission: SessionAdmission): SessionRefusal | undefined;
}

export const sessionGate = (db: Kysely<Database>): SessionGate => ({
  find: (token) => findActiveSession(db, token),
  refusalOf: (active, admission) => {
    const packageOpen =
      organizationUsable(active.organization) || (admission.allowEndedPackage === true && mayOpenEndedPackage(active.user, active.organization));
    if (!packageOpen) return 'noActivePackage';
    if (active.session.restricted && admission.allowRestricted !== true) return 'passwordExpired';
    return undefined;
  },
});
