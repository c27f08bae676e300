import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  EXTRA_OPTION_MAX,
  EXTRA_OPTIONS_MAX,
  EXTRA_OPTIONS_MIN,
  EXTRA_PREFER_NOT,
  EXTRA_QUESTIONS_MAX,
  EXTRA_TEXT_MAX,
  type ExtraOption,
  type ExtraQuestion,
  type ExtraSaveInput,
  type ExtraSurveys,
  ExtraSurveyMessages as M,
  type ExtraUpdateBody,
  Translations,
} from '../../../domain/contracts/extraSurvey';
import { isProductLanguage } from '../../../domain/i18n/languages';
import { type Database, type ExtraQuestionRow, toJson } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { DomainError, type FieldErrors, invalidData, notFound } from '../errors';
import { isUuid } from '../invitations';
import { type LinkScope, inScope, linkScopeOf } from '../tokens/scope';

/**
 * The extra-survey builder: an administrator manages every extra question of the organisation,
 * a group or sub-group assignee those written for the groups they run (the survey links'
 * permission rule, services/tokens/scope.ts). A question's versions are rows of
 * extra_questions (migration 0018): a draft is changed in place; a change to a published
 * question retires it and publishes the next version on the same links, so the answers to the
 * old wording are never mixed with the new.
 */

const questionNotFound = (): DomainError => notFound(M.notFound);

/** Whether the caller may manage a question of this department (null: the whole organisation). */
const manages = (scope: LinkScope, departmentId: string | null): boolean => inScope(scope, departmentId);

const readOptions = (value: unknown): ExtraOption[] =>
  Array.isArray(value)
    ? value.flatMap((item) =>
        typeof item === 'object' && item !== null && typeof (item as ExtraOption).key === 'string' && typeof (item as ExtraOption).label === 'string'
          ? [{ key: (item as ExtraOption).key, label: (item as ExtraOption).label, translations: readTranslations((item as ExtraOption).translations) }]
          : [],
      )
    : [];

const readTranslations = (value: unknown): Record<string, string> => (Translations.is(value) ? value : {});

export const optionsOf = (row: Pick<ExtraQuestionRow, 'options'>): ExtraOption[] => readOptions(row.options);
export const translationsOf = (row: Pick<ExtraQuestionRow, 'translations'>): Record<string, string> => readTranslations(row.translations);

/** Every question of the organisation the caller manages, every version, in the builder's order. */
export const listQuestions = async (db: Kysely<Database>, auth: AuthContext, scope?: LinkScope): Promise<ExtraSurveys> => {
  const linkScope = scope ?? (await linkScopeOf(db, auth));
  const organizationId = auth.organization.id;
  const rows = await db
    .selectFrom('extra_questions as q')
    .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'q.department_id').onRef('d.organization_id', '=', 'q.organization_id'))
    .selectAll('q')
    .select('d.name as department_name')
    .where('q.organization_id', '=', organizationId)
    .orderBy('q.position')
    .orderBy('q.series_id')
    .orderBy('q.version', 'desc')
    .execute();
  const visible = rows.filter((row) => manages(linkScope, row.department_id));
  const links =
    visible.length === 0
      ? []
      : await db
          .selectFrom('extra_question_links as l')
          .innerJoin('survey_tokens as st', (join) => join.onRef('st.id', '=', 'l.token_id').onRef('st.organization_id', '=', 'l.organization_id'))
          .select(['l.question_id', 'st.id', 'st.alias'])
          .where('l.organization_id', '=', organizationId)
          .where('l.question_id', 'in', visible.map((row) => row.id))
          .orderBy('st.alias')
          .execute();
  const questions: ExtraQuestion[] = visible.map((row) => ({
    id: row.id,
    series_id: row.series_id,
    version: row.version,
    kind: row.kind,
    text: row.text,
    translations: translationsOf(row),
    options: optionsOf(row),
    status: row.status,
    position: row.position,
    department: row.department_id === null || row.department_name === null ? null : { id: row.department_id, name: row.department_name },
    links: links.filter((link) => link.question_id === row.id).map((link) => ({ id: link.id, alias: link.alias })),
    published_at: row.published_at === null ? null : row.published_at.toISOString(),
  }));
  return { questions };
};

/** A question of the organisation that the caller manages, locked for the change; 404 otherwise (another organisation's too). */
const questionFor = async (trx: Kysely<Database>, auth: AuthContext, scope: LinkScope, id: string): Promise<ExtraQuestionRow> => {
  if (!isUuid(id)) throw questionNotFound();
  const row = await trx.selectFrom('extra_questions').selectAll().where('organization_id', '=', auth.organization.id).where('id', '=', id.toLowerCase()).forUpdate().executeTakeFirst();
  if (row === undefined || !manages(scope, row.department_id)) throw questionNotFound();
  return row;
};

const cleanTranslations = (input: Record<string, string> | undefined, field: string, max: number, errors: FieldErrors): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [code, raw] of Object.entries(input ?? {})) {
    const text = raw.trim();
    if (text === '') continue;
    if (!isProductLanguage(code)) (errors[`${field}.${code}`] ??= []).push(M.languageUnknown);
    else if (text.length > max) (errors[`${field}.${code}`] ??= []).push(max === EXTRA_TEXT_MAX ? M.textTooLong : M.optionTooLong);
    else out[code] = text;
  }
  return out;
};

/** The checked text, translations and options of a save; 422 with every problem at once. */
const checkedContent = (input: ExtraSaveInput, previous: readonly ExtraOption[]): { text: string; translations: Record<string, string>; options: ExtraOption[] } => {
  const errors: FieldErrors = {};
  const text = input.text.trim();
  if (text === '') errors.text = [M.textRequired];
  else if (text.length > EXTRA_TEXT_MAX) errors.text = [M.textTooLong];
  const translations = cleanTranslations(input.translations, 'translations', EXTRA_TEXT_MAX, errors);
  const options: ExtraOption[] = [];
  const given = input.options ?? [];
  if (input.kind === 'scale') {
    if (given.length > 0) errors.options = [M.scaleHasNoOptions];
  } else if (given.length < EXTRA_OPTIONS_MIN || given.length > EXTRA_OPTIONS_MAX) {
    errors.options = [M.optionsCount];
  } else {
    const kept = new Set(previous.map((option) => option.key));
    const used = new Set<string>();
    const labels = new Set<string>();
    let next = previous.reduce((max, option) => Math.max(max, Number(/^o(\d+)$/.exec(option.key)?.[1] ?? 0)), 0);
    given.forEach((option, index) => {
      const label = option.label.trim();
      const field = `options.${index}`;
      if (label === '') (errors[field] ??= []).push(M.optionEmpty);
      else if (label.length > EXTRA_OPTION_MAX) (errors[field] ??= []).push(M.optionTooLong);
      else if (labels.has(label.toLowerCase())) (errors[field] ??= []).push(M.optionTwice);
      labels.add(label.toLowerCase());
      // A key of the saved draft is kept; anything else gets a new key (never 'prefer-not').
      const key = option.key !== undefined && kept.has(option.key) && !used.has(option.key) && option.key !== EXTRA_PREFER_NOT ? option.key : `o${(next += 1)}`;
      used.add(key);
      options.push({ key, label, translations: cleanTranslations(option.translations, `${field}.translations`, EXTRA_OPTION_MAX, errors) });
    });
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return { text, translations, options };
};

/** Questions in use (drafts and published) of the organisation, one per series. */
const inUse = async (trx: Kysely<Database>, organizationId: string): Promise<number> => {
  const row = await trx
    .selectFrom('extra_questions')
    .select((eb) => eb.fn.count<number>('series_id').distinct().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'retired')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

const departmentFor = async (trx: Kysely<Database>, auth: AuthContext, scope: LinkScope, id: string | null | undefined): Promise<string | null> => {
  if (id === undefined || id === null || id === '') {
    if (scope.all) return null;
    throw invalidData({ department_id: [M.groupRequired] });
  }
  const row = isUuid(id)
    ? await trx.selectFrom('departments').select('id').where('organization_id', '=', auth.organization.id).where('id', '=', id.toLowerCase()).executeTakeFirst()
    : undefined;
  if (row === undefined || !manages(scope, row.id)) throw invalidData({ department_id: [M.groupRequired] });
  return row.id;
};

const save = async (trx: Kysely<Database>, auth: AuthContext, scope: LinkScope, input: ExtraSaveInput, now: Date): Promise<void> => {
  const organizationId = auth.organization.id;
  if (input.id === undefined) {
    const content = checkedContent(input, []);
    const departmentId = await departmentFor(trx, auth, scope, input.department_id);
    // One organisation's builder edits queue here, so the count and the positions stay right.
    await sql`select pg_advisory_xact_lock(hashtext(${`extra:${organizationId}`}))`.execute(trx);
    if ((await inUse(trx, organizationId)) >= EXTRA_QUESTIONS_MAX) throw invalidData({ text: [M.tooMany] });
    const last = await trx.selectFrom('extra_questions').select((eb) => eb.fn.max('position').as('max')).where('organization_id', '=', organizationId).executeTakeFirst();
    const id = randomUUID();
    await trx
      .insertInto('extra_questions')
      .values({
        id,
        organization_id: organizationId,
        department_id: departmentId,
        series_id: id,
        kind: input.kind,
        text: content.text,
        translations: toJson(content.translations),
        options: toJson(content.options),
        position: Number(last?.max ?? -1) + 1,
        status: 'draft',
        published_at: null,
        retired_at: null,
      })
      .execute();
    return;
  }
  const row = await questionFor(trx, auth, scope, input.id);
  if (row.status === 'retired') throw invalidData({ id: [M.retired] });
  const content = checkedContent(input, optionsOf(row));
  if (row.status === 'draft') {
    await trx
      .updateTable('extra_questions')
      .set({ kind: input.kind, text: content.text, translations: toJson(content.translations), options: toJson(content.options) })
      .where('id', '=', row.id)
      .where('organization_id', '=', organizationId)
      .execute();
    return;
  }
  if (input.kind !== row.kind) throw invalidData({ kind: [M.kindFixed] });
  // A published question: the next version takes its place and its links; its answers stay with it.
  const next = randomUUID();
  await trx.updateTable('extra_questions').set({ status: 'retired', retired_at: now }).where('id', '=', row.id).where('organization_id', '=', organizationId).execute();
  await trx
    .insertInto('extra_questions')
    .values({
      id: next,
      organization_id: organizationId,
      department_id: row.department_id,
      series_id: row.series_id,
      version: row.version + 1,
      kind: row.kind,
      text: content.text,
      translations: toJson(content.translations),
      options: toJson(content.options),
      position: row.position,
      status: 'published',
      published_at: now,
      retired_at: null,
    })
    .execute();
  await sql`insert into extra_question_links (question_id, token_id, organization_id)
    select ${next}, token_id, organization_id from extra_question_links where question_id = ${row.id} and organization_id = ${organizationId}`.execute(trx);
};

const publish = async (trx: Kysely<Database>, auth: AuthContext, scope: LinkScope, id: string, tokens: readonly string[], now: Date): Promise<void> => {
  const row = await questionFor(trx, auth, scope, id);
  if (row.status === 'retired') throw invalidData({ id: [M.retired] });
  const wanted = [...new Set(tokens.map((token) => token.toLowerCase()))];
  if (wanted.length === 0) throw invalidData({ tokens: [M.linksRequired] });
  const found = wanted.every(isUuid)
    ? await trx.selectFrom('survey_tokens').select(['id', 'department_id']).where('organization_id', '=', auth.organization.id).where('id', 'in', wanted).execute()
    : [];
  if (found.length !== wanted.length || found.some((link) => !inScope(scope, link.department_id))) throw invalidData({ tokens: [M.linkUnknown] });
  await trx.updateTable('extra_questions').set({ status: 'published', published_at: row.published_at ?? now }).where('id', '=', row.id).where('organization_id', '=', auth.organization.id).execute();
  await trx.deleteFrom('extra_question_links').where('question_id', '=', row.id).where('organization_id', '=', auth.organization.id).execute();
  await trx
    .insertInto('extra_question_links')
    .values(found.map((link) => ({ question_id: row.id, token_id: link.id, organization_id: auth.organization.id })))
    .execute();
};

/** Moves a question one place up or down among the questions in use that the caller manages. */
const move = async (trx: Kysely<Database>, auth: AuthContext, scope: LinkScope, id: string, direction: 'up' | 'down'): Promise<void> => {
  const row = await questionFor(trx, auth, scope, id);
  if (row.status === 'retired') throw invalidData({ id: [M.retired] });
  const organizationId = auth.organization.id;
  await sql`select pg_advisory_xact_lock(hashtext(${`extra:${organizationId}`}))`.execute(trx);
  const all = await trx
    .selectFrom('extra_questions')
    .select(['id', 'department_id', 'position'])
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'retired')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const order = all.map((item) => item.id);
  const mine = all.filter((item) => manages(scope, item.department_id)).map((item) => item.id);
  const at = mine.indexOf(row.id);
  const other = mine[direction === 'up' ? at - 1 : at + 1];
  if (other === undefined) return;
  const i = order.indexOf(row.id);
  const j = order.indexOf(other);
  [order[i], order[j]] = [order[j]!, order[i]!];
  for (const [position, questionId] of order.entries()) {
    await trx.updateTable('extra_questions').set({ position }).where('id', '=', questionId).where('organization_id', '=', organizationId).execute();
  }
};

/** POST /extra-survey/update: one change of the builder, in the caller's transaction; answers the caller's list after it. */
export const updateQuestions = async (trx: Kysely<Database>, auth: AuthContext, body: ExtraUpdateBody, now = new Date()): Promise<ExtraSurveys> => {
  const scope = await linkScopeOf(trx, auth);
  switch (body.action) {
    case 'save':
      await save(trx, auth, scope, body, now);
      break;
    case 'publish':
      await publish(trx, auth, scope, body.id, body.tokens, now);
      break;
    case 'move':
      await move(trx, auth, scope, body.id, body.direction);
      break;
    case 'retire': {
      const row = await questionFor(trx, auth, scope, body.id);
      if (row.status !== 'published') throw invalidData({ id: [M.notPublished] });
      await trx.updateTable('extra_questions').set({ status: 'retired', retired_at: now }).where('id', '=', row.id).where('organization_id', '=', auth.organization.id).execute();
      break;
    }
    case 'delete': {
      const row = await questionFor(trx, auth, scope, body.id);
      if (row.status !== 'draft') throw invalidData({ id: [M.notDraft] });
      await trx.deleteFrom('extra_questions').where('id', '=', row.id).where('organization_id', '=', auth.organization.id).execute();
      break;
    }
  }
  await audit(trx, { organizationId: auth.organization.id, actor: auth.user.id, action: `extra_survey.${body.action}`, address: null, details: 'id' in body && body.id !== undefined ? { id: body.id } : {} });
  return listQuestions(trx, auth, scope);
};
