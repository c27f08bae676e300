import type { Kysely } from 'kysely';
import { PEOPLE_PAGE_SIZE, type PeopleLanguage, type PeoplePage } from '../../../domain/contracts/people';
import type { Database } from '../../db/database';
import { type Caller, importReach } from './access';

/**
 * A page of the people the caller may import into: every person for the administrators, the
 * people of the groups they run for an assignee. By last name, first name and address.
 */
export const listPeople = async (db: Kysely<Database>, input: { auth: Caller; page: number }): Promise<PeoplePage> => {
  const reach = await importReach(db, input.auth);
  const organizationId = input.auth.organization.id;
  if (!reach.all && reach.ids.size === 0) return { people: [], page: input.page, page_size: PEOPLE_PAGE_SIZE, total: 0 };
  let scoped = db.selectFrom('people').where('people.organization_id', '=', organizationId);
  if (!reach.all) scoped = scoped.where('people.group_id', 'in', [...reach.ids]);
  const { total } = await scoped.select(db.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await scoped
    .innerJoin('departments as g', 'g.id', 'people.group_id')
    .leftJoin('departments as s', 's.id', 'people.sub_group_id')
    .select([
      'people.id', 'people.email', 'people.first_name', 'people.last_name', 'people.preferred_language', 'people.bounced_at',
      'people.unsubscribed_at', 'people.updated_at', 'g.id as group_id', 'g.name as group_name', 's.id as sub_group_id', 's.name as sub_group_name',
    ])
    .orderBy('people.last_name')
    .orderBy('people.first_name')
    .orderBy('people.email')
    .limit(PEOPLE_PAGE_SIZE)
    .offset((input.page - 1) * PEOPLE_PAGE_SIZE)
    .execute();
  return {
    people: rows.map((row) => ({
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      group: { id: row.group_id, name: row.group_name },
      sub_group: row.sub_group_id === null || row.sub_group_name === null ? null : { id: row.sub_group_id, name: row.sub_group_name },
      preferred_language: row.preferred_language as PeopleLanguage | null,
      bounced: row.bounced_at !== null,
      unsubscribed: row.unsubscribed_at !== null,
      updated_at: row.updated_at.toISOString(),
    })),
    page: input.page,
    page_size: PEOPLE_PAGE_SIZE,
    total: Number(total),
  };
};
