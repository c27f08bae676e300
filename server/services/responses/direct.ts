import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SurveySubmitBody } from '../../../domain/contracts/responses';
import { SURVEY_QUESTIONS, surveyQuestions } from '../../../domain/survey/questions';
import { SurveyMessages } from '../../../domain/contracts/survey';
import type { Database } from '../../db/database';
import { type Batcher, batcher } from '../../db/batches';
import { type PreparedStatement, runPrepared } from '../../db/prepared';
import { type GroupCommitter, groupCommitter } from './groupCommit';
import { notFound } from '../errors';
import { isUuid } from '../invitations';
import { acceptLink, assertAnswerable, refusalError } from '../tokens/opening';
import { type PublicLinkRow, publicLinkOf, seatRefusal } from '../tokens/seats';
import { type CheckedSubmission, judgeSubmission, principleIdsOf } from './checks';
import { placementOf, type Placement, type PlacementResult } from './placement';
import { principlesFromJson, principlesJsonSql, storableIds } from './principles';
import { type AnswerColumns, type ChildRows, responseRows } from './rows';

/**
 * The common submit (a new anonymous or named answer through a link, with no invitation, no
 * extra answers, no edit, no email for edit links and no group with a capacity, chosen or the
 * link's own) in two statements and no explicit transaction: one read of everything the
 * checks need, then one statement that claims the seat and writes the response with its
 * child rows only when it got one. A single statement
 * is atomic on its own, so the seat and the rows are written together or not at all, and the
 * claim is the same conditional UPDATE under the link's row lock as in the transaction
 * (concurrent claims queue and each re-checks `used < capacity`). Both statements' text is
 * written once at start-up; only their parameters change. Under load both go in arrival
 * batches (server/db/batches.ts): the reads of submits arriving together are one statement,
 * and so are their writes (./groupCommit.ts).
 *
 * Answers undefined when the submit needs the transaction after all (a group with a
 * capacity, whose count must be taken under its lock).
 */

/** Thrown by the checks' placement when the chosen group, or the link's, needs the locking path. */
class NeedsTransaction extends Error {}

interface ReadRow extends PublicLinkRow {
  readonly found_department_parent_id: string | null;
  readonly found_limited: boolean | null;
  readonly chosen_id: string | null;
  readonly chosen_parent_id: string | null;
  readonly chosen_limited: boolean | null;
  readonly principles: readonly (readonly [number, string, string, number | null, boolean, boolean])[];
}

/** What a submit's read answers; `ids` is the place of the comma-separated lookup ids. */
const readColumns = (ids: string): string => `t.*, o.name as organization_name, o.active as organization_active, o.package_expires_at as organization_package_expires_at,
    d.id as found_department_id, d.name as found_department_name, d.parent_id as found_department_parent_id,
    (d.capacity is not null or dp.capacity is not null) as found_limited,
    c.id as chosen_id, c.parent_id as chosen_parent_id, (c.capacity is not null or cp.capacity is not null) as chosen_limited,
    ${principlesJsonSql(ids)} as principles`;

/** The link's organisation and group, and the chosen group at `chosen`. */
const readJoins = (chosen: string): string => `join organizations o on o.id = t.organization_id
  left join departments d on d.id = t.department_id and d.organization_id = t.organization_id
  left join departments dp on dp.id = d.parent_id and dp.organization_id = d.organization_id
  left join departments c on c.id = ${chosen} and c.organization_id = t.organization_id
  left join departments cp on cp.id = c.parent_id and cp.organization_id = c.organization_id`;

const READ_SQL = `select ${readColumns('$2')} from survey_tokens t ${readJoins('$3::uuid')} where t.token = $1`;

/**
 * Several submits' reads in one statement, batched by arrival as the writes are: `$1` is a JSON
 * array of {n, token, chosen}, `$2` every lookup id any of them answered. The items are read
 * once for the batch (each submit's checks look up only its own), which also keeps the
 * statement's estimated cost low enough that PostgreSQL does not compile it (JIT took 20 ms
 * when each row read its own items).
 */
const GROUP_READ_SQL = `select q.n, ${readColumns('$2')}
  from jsonb_to_recordset($1::jsonb) as q(n int, token text, chosen uuid)
  join survey_tokens t on t.token = q.token
  ${readJoins('q.chosen')}`;

/** The principle columns in the order of the write's parameters ($10 on). */
const PRINCIPLE_COLUMN_ORDER = [
  'country_birth_id',
  'state_id',
  'worldview_id',
  'branch_id',
  'denomination_id',
  'gender_id',
  'age_id',
  'education_id',
  'disability_id',
  'sexual_orientation_id',
  'position_level_id',
  'position_type_id',
  'culture_identity_id',
  'appearance_id',
] as const satisfies readonly Exclude<keyof AnswerColumns, 'birth_year' | 'answers'>[];

const after = PRINCIPLE_COLUMN_ORDER.length + 10;
const WRITE_SQL = `with claimed_seat as (
    update survey_tokens set used = used + 1
    where id = $4::uuid and active and used < capacity and starts_at <= now() and expires_at > now()
    returning id
  ), inserted_response as (
    insert into responses (id, organization_id, survey_id, token_id, department_id, group_id, anonymous, first_name, last_name, email, invitation_id,
      ${PRINCIPLE_COLUMN_ORDER.join(', ')}, birth_year, answers)
    select $1::uuid, $2::uuid, $3::int, claimed_seat.id, $5::uuid, $6::uuid, $7::boolean, $8::text, $9::text, null, null,
      ${PRINCIPLE_COLUMN_ORDER.map((_, index) => `$${index + 10}::int`).join(', ')}, $${after}::smallint, $${after + 1}::jsonb
    from claimed_seat
    returning id, organization_id
  ), inserted_ancestry as (
    insert into response_ancestry (response_id, organization_id, relation, country_id)
    select r.id, r.organization_id, a.relation, a.country_id from inserted_response r cross join jsonb_to_recordset($${after + 2}::jsonb) as a(relation text, country_id int)
  ), inserted_languages as (
    insert into response_languages (response_id, organization_id, language_id, level)
    select r.id, r.organization_id, l.language_id, l.level from inserted_response r cross join jsonb_to_recordset($${after + 3}::jsonb) as l(language_id int, level text)
  ), inserted_heritages as (
    insert into response_heritages (response_id, organization_id, ethnicity_id)
    select r.id, r.organization_id, h.value::int from inserted_response r cross join jsonb_array_elements_text($${after + 4}::jsonb) as h(value)
  ), inserted_cultures as (
    insert into response_cultures (response_id, organization_id, ethnicity_id)
    select r.id, r.organization_id, c.value::int from inserted_response r cross join jsonb_array_elements_text($${after + 5}::jsonb) as c(value)
  )
  select id from inserted_response`;

/**
 * Several submits' writes in one statement (./groupCommit.ts): `$1` is a JSON array of their
 * records. The links named are locked in id order and read as they are now; each gives at most
 * the seats it has left, to its submits in the order they came (`n`); only those are written.
 */
const GROUP_WRITE_SQL = `with input as (
    select * from jsonb_to_recordset($1::jsonb) as i(n int, id uuid, organization_id uuid, survey_id int, token_id uuid, department_id uuid, group_id uuid,
      anonymous boolean, first_name text, last_name text, ${PRINCIPLE_COLUMN_ORDER.map((column) => `${column} int`).join(', ')}, birth_year smallint, answers text,
      ancestry jsonb, languages jsonb, heritages jsonb, cultures jsonb)
  ), wanted as (
    select token_id, count(*)::int as k from input group by token_id
  ), locked as (
    select t.id, least(w.k, t.capacity - t.used) as seats
    from survey_tokens t join wanted w on w.token_id = t.id
    where t.active and t.used < t.capacity and t.starts_at <= now() and t.expires_at > now()
    order by t.id
    for update of t
  ), claimed as (
    update survey_tokens t set used = t.used + l.seats from locked l where t.id = l.id
    returning t.id, l.seats
  ), chosen as (
    select i.* from (select input.*, row_number() over (partition by token_id order by n) as place from input) i
    join claimed c on c.id = i.token_id
    where i.place <= c.seats
  ), inserted_response as (
    insert into responses (id, organization_id, survey_id, token_id, department_id, group_id, anonymous, first_name, last_name, email, invitation_id,
      ${PRINCIPLE_COLUMN_ORDER.join(', ')}, birth_year, answers)
    select id, organization_id, survey_id, token_id, department_id, group_id, anonymous, first_name, last_name, null, null,
      ${PRINCIPLE_COLUMN_ORDER.join(', ')}, birth_year, answers::jsonb
    from chosen
    returning id, organization_id
  ), written as (
    select c.* from chosen c join inserted_response r on r.id = c.id
  ), inserted_ancestry as (
    insert into response_ancestry (response_id, organization_id, relation, country_id)
    select w.id, w.organization_id, a.relation, a.country_id from written w cross join jsonb_to_recordset(w.ancestry) as a(relation text, country_id int)
  ), inserted_languages as (
    insert into response_languages (response_id, organization_id, language_id, level)
    select w.id, w.organization_id, l.language_id, l.level from written w cross join jsonb_to_recordset(w.languages) as l(language_id int, level text)
  ), inserted_heritages as (
    insert into response_heritages (response_id, organization_id, ethnicity_id)
    select w.id, w.organization_id, h.value::int from written w cross join jsonb_array_elements_text(w.heritages) as h(value)
  ), inserted_cultures as (
    insert into response_cultures (response_id, organization_id, ethnicity_id)
    select w.id, w.organization_id, c.value::int from written w cross join jsonb_array_elements_text(w.cultures) as c(value)
  )
  select id from inserted_response`;

const READ: PreparedStatement = { name: 'survey_submit_read', text: READ_SQL };
const GROUP_READ: PreparedStatement = { name: 'survey_submit_group_read', text: GROUP_READ_SQL };
const WRITE: PreparedStatement = { name: 'survey_submit_write', text: WRITE_SQL };
const GROUP_WRITE: PreparedStatement = { name: 'survey_submit_group_write', text: GROUP_WRITE_SQL };

type ReadParameters = readonly [token: string, ids: string, chosen: string | null];

const readBatcher = (db: Kysely<Database>): Batcher<ReadParameters, ReadRow | undefined> =>
  batcher({
    alone: async (parameters) => (await runPrepared<ReadRow>(db, READ, parameters))[0],
    together: async (members) => {
      const ids = [...new Set(members.flatMap(([, each]) => (each === '' ? [] : each.split(','))))].join(',');
      const rows = await runPrepared<ReadRow & { readonly n: number }>(db, GROUP_READ, [JSON.stringify(members.map(([token, , chosen], n) => ({ n, token, chosen }))), ids]);
      const byPlace = new Map(rows.map(({ n, ...row }) => [n, row]));
      return members.map((_, n) => byPlace.get(n));
    },
  });

interface Submitting {
  readonly reads: Batcher<ReadParameters, ReadRow | undefined>;
  readonly writes: GroupCommitter;
}

const perDatabase = new WeakMap<Kysely<Database>, Submitting>();
const submittingOn = (db: Kysely<Database>): Submitting => {
  let found = perDatabase.get(db);
  if (found === undefined) perDatabase.set(db, (found = { reads: readBatcher(db), writes: groupCommitter(db, WRITE, GROUP_WRITE) }));
  return found;
};

/** Whether a submit can take the two-statement path (what only the transaction does is absent). */
export const directSubmittable = (body: SurveySubmitBody, invitationToken: string): boolean =>
  invitationToken === '' &&
  (body.edit_token === undefined || body.edit_token.trim() === '') &&
  (body.email === undefined || body.email.trim() === '') &&
  Object.keys(body.extra ?? {}).length === 0;

/** Every survey's lookup answers and chosen group: the read happens before the link says which survey it is. */
const SURVEYS = Object.values(SURVEY_QUESTIONS);
const GROUP_QUESTION_IDS = [...new Set(SURVEYS.flatMap((definitions) => definitions.filter((definition) => definition.lookup === 'groups').map((definition) => String(definition.id))))];

const chosenGroupOf = (body: SurveySubmitBody): string | null => {
  for (const id of GROUP_QUESTION_IDS) {
    const value = Object.prototype.hasOwnProperty.call(body.questions, id) ? body.questions[id] : undefined;
    if (typeof value === 'string' && isUuid(value.trim())) return value.trim();
  }
  return null;
};

const TOKEN_MAX = 256;

export interface DirectOutcome {
  readonly responseId: string;
  readonly checked: CheckedSubmission;
}

export const submitDirect = async (db: Kysely<Database>, body: SurveySubmitBody, now: Date): Promise<DirectOutcome | undefined> => {
  const token = body.token.trim();
  const chosen = chosenGroupOf(body);
  const principleIds = storableIds(SURVEYS.flatMap((definitions) => principleIdsOf(definitions, body)));
  const read =
    token === '' || token.length > TOKEN_MAX
      ? undefined
      : await submittingOn(db).reads.run([token, principleIds.join(','), chosen]);
  const found = acceptLink(read === undefined ? undefined : publicLinkOf(withoutExtras(read)), body.alias);
  const { link } = found;
  assertAnswerable(link, now);
  const definitions = surveyQuestions(link.survey_id);
  if (definitions === null) throw notFound(SurveyMessages.surveyNotFound);
  const row = read!;

  const linkPlacement = (): Placement => {
    if (link.department_id === null || row.found_department_id === null) return { departmentId: null, groupId: null };
    // A group link whose group has a capacity counts its answers under the group's lock.
    if (row.found_limited === true) throw new NeedsTransaction();
    return placementOf({ id: row.found_department_id, parent_id: row.found_department_parent_id });
  };
  const chosenPlacement = (wanted: string): PlacementResult => {
    const id = wanted.trim();
    if (!isUuid(id)) return { error: SurveyMessages.groupNotFound };
    if (id !== chosen) throw new NeedsTransaction();
    if (row.chosen_id === null) return { error: SurveyMessages.groupNotFound };
    if (row.chosen_limited === true) throw new NeedsTransaction();
    return { placement: placementOf({ id: row.chosen_id, parent_id: row.chosen_parent_id }) };
  };

  let checked: CheckedSubmission;
  try {
    checked = await judgeSubmission(definitions, body, { organizationId: link.organization_id, anonymityEnforced: link.anonymity === 1, departmentId: link.department_id }, {
      principles: principlesFromJson(row.principles),
      linkPlacement,
      chosenPlacement,
    });
  } catch (error) {
    if (error instanceof NeedsTransaction) return undefined;
    throw error;
  }

  const { columns, children } = responseRows(definitions, checked);
  const responseId = randomUUID();
  const values = writeValues(responseId, link, checked, columns, children);
  // The single statement takes the child rows as JSON text; the group's record carries them as they are.
  const single = values.map((value, index) => (index >= CHILD_LISTS_FROM ? JSON.stringify(value) : value));
  const record = Object.fromEntries(GROUP_RECORD_FIELDS.map((field, index) => [field, values[index]]));
  if (!(await submittingOn(db).writes.write({ responseId, single, record }))) throw refusalError(await seatRefusal(db, link.id));
  return { responseId, checked };
};

/** The read's row without the columns that are not the link's (the link is handed on as read). */
const withoutExtras = (row: ReadRow): PublicLinkRow => {
  const { found_department_parent_id, found_limited, chosen_id, chosen_parent_id, chosen_limited, principles, ...rest } = row;
  return rest;
};

/** The group statement's record fields, in the order of the single statement's parameters. */
const GROUP_RECORD_FIELDS = [
  'id',
  'organization_id',
  'survey_id',
  'token_id',
  'department_id',
  'group_id',
  'anonymous',
  'first_name',
  'last_name',
  ...PRINCIPLE_COLUMN_ORDER,
  'birth_year',
  'answers',
  'ancestry',
  'languages',
  'heritages',
  'cultures',
];

const CHILD_LISTS_FROM = GROUP_RECORD_FIELDS.indexOf('ancestry');

const writeValues = (
  responseId: string,
  link: { readonly id: string; readonly organization_id: string; readonly survey_id: number },
  checked: CheckedSubmission,
  columns: AnswerColumns,
  children: ChildRows,
): unknown[] => [
  responseId,
  link.organization_id,
  link.survey_id,
  link.id,
  checked.placement.departmentId,
  checked.placement.groupId,
  checked.anonymous,
  checked.anonymous ? null : checked.firstName,
  checked.anonymous ? null : checked.lastName,
  ...PRINCIPLE_COLUMN_ORDER.map((column) => columns[column]),
  columns.birth_year,
  columns.answers,
  children.ancestry,
  children.languages.map((row) => ({ language_id: row.principleId, level: row.level })),
  children.heritages,
  children.cultures,
];
