import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnswerValue, SurveySubmission } from '../../../domain/contracts/survey';
import type { Insertable } from 'kysely';
import { type Database, type ResponsesTable, type SurveyTokenRow, toJson } from '../../../server/db/database';
import { randomToken, sha256Hex } from '../../../server/services/auth/tokens';

/** Fixtures shared by the survey submit and edit tests (a database seeded with lookups). */

const DAY = 86_400_000;

export interface LinkValues {
  readonly capacity?: number;
  readonly departmentId?: string | null;
  readonly anonymity?: 0 | 1;
  readonly active?: boolean;
  readonly startsAt?: Date;
  readonly expiresAt?: Date;
  readonly used?: number;
}

let aliasCounter = 0;

/** A survey link written directly (the link API has its own tests): open now, for a week. */
export const insertLink = async (db: Kysely<Database>, organizationId: string, values: LinkValues = {}): Promise<SurveyTokenRow> =>
  db
    .insertInto('survey_tokens')
    .values({
      organization_id: organizationId,
      token: randomToken(),
      alias: `Survey link ${(aliasCounter += 1)}`,
      survey_id: 1,
      department_id: values.departmentId ?? null,
      anonymity: values.anonymity ?? 1,
      starts_at: values.startsAt ?? new Date(Date.now() - 60_000),
      expires_at: values.expiresAt ?? new Date(Date.now() + 7 * DAY),
      capacity: values.capacity ?? 10,
      used: values.used ?? 0,
      active: values.active ?? true,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

type ResponseValues = Partial<Insertable<ResponsesTable>> & Pick<Insertable<ResponsesTable>, 'organization_id' | 'department_id'>;

/** A response's full row: in the group of its department, anonymous, every answer not given is no answer. */
const responseRow = (values: ResponseValues): Insertable<ResponsesTable> => ({
  survey_id: 1,
  token_id: null,
  group_id: values.department_id,
  anonymous: true,
  first_name: null,
  last_name: null,
  email: null,
  invitation_id: null,
  birth_year: null,
  gender_id: null,
  age_id: null,
  education_id: null,
  disability_id: null,
  sexual_orientation_id: null,
  position_level_id: null,
  position_type_id: null,
  country_birth_id: null,
  state_id: null,
  worldview_id: null,
  branch_id: null,
  denomination_id: null,
  culture_identity_id: null,
  appearance_id: null,
  answers: '{}',
  ...values,
});

/** A response written directly, in a group of its own organisation; every answer not given is no answer. Returns its id. */
export const insertResponse = async (db: Kysely<Database>, values: ResponseValues): Promise<string> =>
  (await db.insertInto('responses').values(responseRow(values)).returning('id').executeTakeFirstOrThrow()).id;

/**
 * Responses written as `insertResponse` writes them, in one statement: one round trip instead of
 * one per response for set-ups of tens of people. They share one `submitted_at` (one statement).
 */
export const insertResponses = async (db: Kysely<Database>, list: readonly ResponseValues[]): Promise<void> => {
  if (list.length > 0) await db.insertInto('responses').values(list.map(responseRow)).execute();
};

export const insertDepartment = async (
  db: Kysely<Database>,
  organizationId: string,
  name: string,
  options: { parentId?: string | null; capacity?: number | null; assigneeId?: string | null } = {},
): Promise<string> =>
  (
    await db
      .insertInto('departments')
      .values({ organization_id: organizationId, name, parent_id: options.parentId ?? null, capacity: options.capacity ?? null, assignee_id: options.assigneeId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** A pending personal survey invitation for a link; answers its emailed token. */
export const insertSurveyInvitation = async (db: Kysely<Database>, link: Pick<SurveyTokenRow, 'id' | 'organization_id'>, email: string): Promise<string> => {
  const token = randomToken();
  await db
    .insertInto('invitations')
    .values({
      organization_id: link.organization_id,
      kind: 'survey',
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
      department_id: null,
      token_hash: sha256Hex(token),
      invited_by: null,
      expires_at: new Date(Date.now() + DAY),
      accepted_at: null,
      revoked_at: null,
      user_id: null,
      details: toJson({ survey_token_id: link.id }),
    })
    .execute();
  return token;
};

/** principleIds by list and code, read once each. */
export const lookupIds = (db: Kysely<Database>) => {
  const cache = new Map<string, number>();
  return async (list: string, code: string): Promise<number> => {
    const key = `${list}:${code}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const row = await db.selectFrom('lookup_principles').select('id').where('list', '=', list).where('code', '=', code).executeTakeFirstOrThrow();
    cache.set(key, row.id);
    return row.id;
  };
};

export type IdOf = ReturnType<typeof lookupIds>;

/**
 * Answers to every question of survey 1 that pass the server's checks (the group left
 * empty: a whole-organisation link sets it). Born in New South Wales, Australia, 1990;
 * mother born in France, father "Prefer not to answer"; English (native) and French (basic);
 * Anglican Church of Australia; one cultural heritage.
 */
export const validQuestions = async (idOf: IdOf): Promise<Record<string, AnswerValue>> => ({
  '3': '',
  '4': await idOf('countries', 'AU'),
  '5': await idOf('states', 'AU-NSW'),
  '6': await idOf('countries', 'FR'),
  '7': await idOf('countries', 'prefer_not'),
  '8': '',
  '9': '',
  '10': '',
  '11': '',
  '12': [
    { principleId: await idOf('languages', 'eng'), level: 'native' },
    { principleId: await idOf('languages', 'fra'), level: 'basic' },
  ],
  '13': await idOf('worldviews', '25'),
  '14': await idOf('branches', '2511'),
  '15': await idOf('denominations', '2012'),
  '16': [await idOf('ethnicities', 'ascceg:7201')],
  '17': await idOf('genders', 'female'),
  '18': await idOf('ages', '1990'),
  '19': await idOf('educations', '3'),
  '20': await idOf('disabilities', 'none'),
  '21': await idOf('sexual-orientations', 'straight'),
  '22': await idOf('position-levels', '2'),
  '23': await idOf('position-types', '21'),
  '24': 1,
});

/** Child rows one response of `validQuestions` writes. */
export const VALID_CHILD_ROWS = { ancestry: 2, languages: 2, heritages: 1 } as const;

export const surveyBody = (
  token: string,
  questions: Record<string, AnswerValue>,
  extra: Partial<SurveySubmission> & Record<string, unknown> = {},
): Record<string, unknown> => ({ token, 'first-name': '', 'last-name': '', 'stay-anonymous': 1, questions, ...extra });

export const submit = (app: FastifyInstance, body: Record<string, unknown>, query = '') =>
  app.inject({ method: 'POST', url: `/api/diversity-survey${query}`, payload: body });

/** Rows of an organisation's responses and of each child table. */
export const countRows = async (db: Kysely<Database>, organizationId: string) => {
  const count = async (table: 'responses' | 'response_ancestry' | 'response_languages' | 'response_heritages' | 'response_edit_links') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    responses: await count('responses'),
    ancestry: await count('response_ancestry'),
    languages: await count('response_languages'),
    heritages: await count('response_heritages'),
    editLinks: await count('response_edit_links'),
  };
};

export const seatsUsed = async (db: Kysely<Database>, linkId: string): Promise<number> =>
  (await db.selectFrom('survey_tokens').select('used').where('id', '=', linkId).executeTakeFirstOrThrow()).used;
