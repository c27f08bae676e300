import { type Kysely, sql } from 'kysely';
import type { SurveyGroupOption } from '../../../domain/contracts/survey';
import type { Database } from '../../db/database';
import { assertAnswerable, openLink } from './opening';

export interface SurveyGroupsInput {
  readonly token: string;
  readonly alias: string | undefined;
  readonly now: Date;
}

/**
 * GET /survey/groups: the groups a participant may answer for on a survey link, so that a
 * whole-organisation link can ask question 3 before anyone signs in. Only a link that can be
 * answered now gets an answer; every other one is refused in the words of
 * /check-register-token, so the list tells a stranger no more than the check does.
 *
 * A department is full when it has a capacity and at least that many responses (a group's
 * own and its sub-groups', responses.group_id; a sub-group's own, department_id), and a
 * sub-group also when its group is full: the same rule the submit applies.
 */
export const surveyGroupOptions = async (db: Kysely<Database>, input: SurveyGroupsInput): Promise<SurveyGroupOption[]> => {
  const found = await openLink(db, input.token, input.alias);
  assertAnswerable(found.link, input.now);

  const organizationId = found.link.organization_id;
  const root = found.link.department_id;
  const all = await db
    .selectFrom('departments as d')
    .select([
      'd.id',
      'd.name',
      'd.parent_id',
      'd.capacity',
      (eb) =>
        eb
          .selectFrom('responses as r')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('r.organization_id', '=', organizationId)
          .where((inner) =>
            inner.or([
              inner.and([inner('d.parent_id', 'is', null), inner('r.group_id', '=', inner.ref('d.id'))]),
              inner.and([inner('d.parent_id', 'is not', null), inner('r.department_id', '=', inner.ref('d.id'))]),
            ]),
          )
          .as('responses'),
    ])
    .where('d.organization_id', '=', organizationId)
    .execute();

  const ownFull = new Map(all.map((row) => [row.id, row.capacity !== null && Number(row.responses ?? 0) >= row.capacity]));
  const option = (row: (typeof all)[number]): SurveyGroupOption => ({
    id: row.id,
    name: row.name,
    parent_id: row.parent_id,
    full: ownFull.get(row.id) === true || (row.parent_id !== null && ownFull.get(row.parent_id) === true),
  });
  const rows = root === null ? all : all.filter((row) => row.id === root || row.parent_id === root);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  const ids = new Set(rows.map((row) => row.id));
  // A sub-group whose group is not in the answer (a sub-group's own link) stands as a root.
  const roots = rows.filter((row) => row.parent_id === null || !ids.has(row.parent_id)).sort(byName);
  return roots.flatMap((group) => [option(group), ...rows.filter((row) => row.parent_id === group.id).sort(byName).map(option)]);
};
