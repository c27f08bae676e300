import type { Kysely, Selectable } from 'kysely';
import type { Role } from '../../../domain/contracts/auth';
import { PeopleMessages } from '../../../domain/contracts/people';
import type { PlaceOption } from '../../../domain/people/rows';
import type { Database, PeopleImportsTable } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { forbidden, notFound } from '../errors';
import { isUuid } from '../organization/scope';
import { managedDepartments } from '../members/scope';

/** Who imports into every group. Whoever runs a group imports into it and its sub-groups. */
export const PEOPLE_ADMIN_ROLES: readonly Role[] = ['admin', 'second_admin'];

/** The departments a caller may place people in; `all`: the whole organisation. */
export interface ImportReach {
  readonly all: boolean;
  readonly places: readonly PlaceOption[];
  readonly ids: ReadonlySet<string>;
}

export type Caller = Pick<AuthContext, 'user' | 'organization'>;

/** The caller's reach, or 403 for someone who may not import at all. */
export const importReach = async (db: Kysely<Database>, auth: Caller): Promise<ImportReach> => {
  const all = PEOPLE_ADMIN_ROLES.includes(auth.user.role);
  const managed = all ? undefined : await managedDepartments(db, auth.organization.id, auth.user.id);
  if (managed !== undefined && managed.size === 0) throw forbidden(PeopleMessages.notAllowed);
  const rows = await db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('organization_id', '=', auth.organization.id).execute();
  const places = rows.filter((row) => managed === undefined || managed.has(row.id)).map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id }));
  return { all, places, ids: new Set(places.map((place) => place.id)) };
};

export type ImportRow = Selectable<PeopleImportsTable>;

/** How long an upload waits for its confirmation. */
export const IMPORT_LIFETIME_HOURS = 24;

/** The caller's own upload that finished staging; anything else (another's, expired, unknown) is alike. */
export const findImport = async (db: Kysely<Database>, auth: Caller, token: string, forUpdate = false): Promise<ImportRow> => {
  if (!isUuid(token)) throw notFound(PeopleMessages.importNotFound);
  let query = db
    .selectFrom('people_imports')
    .selectAll()
    .where('id', '=', token)
    .where('organization_id', '=', auth.organization.id)
    .where('user_id', '=', auth.user.id)
    .where('complete', '=', true)
    .where('created_at', '>', new Date(Date.now() - IMPORT_LIFETIME_HOURS * 3600_000));
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (row === undefined) throw notFound(PeopleMessages.importNotFound);
  return row;
};
