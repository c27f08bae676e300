import type { OrganizationRow, SessionRow, UserRow } from '../../db/database';

/**
 * Who is calling: set by the auth preHandler (server/plugins/auth.ts) on every route of an
 * `authenticated` scope, and handed to services as a plain value.
 */
export interface AuthContext {
  readonly user: UserRow;
  readonly session: SessionRow;
  readonly organization: OrganizationRow;
  /**
   * Set when the bearer token is a view-as (secondary) session: the group or sub-group the
   * caller is looking at. Scoped reads then show that group only (server/services/organization/scope.ts).
   */
  readonly viewAsGroupId: string | null;
}
