import type { Kysely } from 'kysely';
import { TokenMessages } from '../../../domain/contracts/tokens';
import type { Database } from '../../db/database';
import { forbidden } from '../errors';
import type { AuthContext } from '../auth/context';
import { departmentScopeOf } from '../organization/scope';

/**
 * Which survey links a member may see and manage: administrators (head, second and
 * sub-administrators) all of the organisation's; group and sub-group assignees those of the
 * groups they run and of their sub-groups (not the whole-organisation links); a view-as
 * session, those of the viewed group and its sub-groups.
 */
export type LinkScope = { readonly all: true } | { readonly all: false; readonly departmentIds: ReadonlySet<string> };

const ADMINISTRATORS = new Set(['admin', 'second_admin', 'sub_admin']);
const ASSIGNEES = new Set(['group_assignee', 'subgroup_assignee']);

/** The caller's scope, or 403 'Only the administrator can do this.' for the other roles. */
export const linkScopeOf = async (db: Kysely<Database>, auth: AuthContext): Promise<LinkScope> => {
  const { user, organization } = auth;
  if (!ADMINISTRATORS.has(user.role) && !ASSIGNEES.has(user.role)) throw forbidden(TokenMessages.onlyAdministrator);
  // Viewing as a group (a secondary session) shows that group's links only, like every other list.
  if (auth.viewAsGroupId !== null) {
    const viewed = await departmentScopeOf(db, auth);
    return { all: false, departmentIds: new Set(viewed.kind === 'departments' ? viewed.ids : []) };
  }
  if (ADMINISTRATORS.has(user.role)) return { all: true };
  const departmentId = user.department_id;
  // An assignee runs the departments that name them, and the one their account belongs to.
  const run = await db
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', organization.id)
    .where((eb) => eb.or([eb('assignee_id', '=', user.id), ...(departmentId === null ? [] : [eb('id', '=', departmentId)])]))
    .execute();
  const runIds = run.map((row) => row.id);
  const children =
    runIds.length === 0
      ? []
      : await db.selectFrom('departments').select('id').where('organization_id', '=', organization.id).where('parent_id', 'in', runIds).execute();
  return { all: false, departmentIds: new Set([...runIds, ...children.map((row) => row.id)]) };
};

/** Whether a link of this department (null: the whole organisation) is within the scope. */
export const inScope = (scope: LinkScope, departmentId: string | null): boolean =>
  scope.all || (departmentId !== null && scope.departmentIds.has(departmentId));
