import { isRight } from 'fp-ts/lib/Either';
import * as t from 'io-ts';
import type { Kysely } from 'kysely';
import { type AiExportAnswer, type AiRefusal, type ExportDescription, ExportDescription as DescriptionCodec, aiExportMessages } from '../../../domain/contracts/aiExport';
import { EXPORT_CARDS, EXPORT_PAGES } from '../../../domain/contracts/exports';
import { type Vocabulary, type VocabularyValue, catalogueNames, interpretPrompt, normalise, promptRefusal } from '../../../domain/aiExport/interpret';
import { GENERATIONS } from '../../../domain/filters/model';
import { CATALOGUES } from '../../../domain/i18n/catalogues';
import { en } from '../../../domain/i18n/en';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { invalidData } from '../errors';
import { countriesList } from '../mutuality';
import { visibleDepartmentIds } from '../organization/scope';
import { readDateRanges } from '../organization/settings';

/** The languages whose names the interpreter reads (every catalogue the product has). */
const LANGUAGES = ['en', 'fr', 'es', 'ar', 'zh'] as const;

export interface AiModel {
  readonly url: string;
  readonly key: string;
  readonly model: string;
  readonly timeoutMs?: number;
}

export interface AiExportInput {
  readonly organizationId: string;
  readonly organizationName: string;
  /** Whose groups the prompt may name: the groups and sub-groups this caller sees. */
  readonly auth?: Pick<AuthContext, 'user' | 'organization' | 'viewAsGroupId'>;
  readonly prompt: string;
  readonly dateTag?: string;
  readonly today: string;
}

const refusal = (reason: AiRefusal): AiExportAnswer => ({ status: 'refused', reason, message: aiExportMessages[reason] });

/** The filter values a prompt may name: genders and position levels, with their names in every language. */
const lookupValues = async (db: Kysely<Database>, list: 'genders' | 'position-levels'): Promise<VocabularyValue[]> => {
  const rows = await db
    .selectFrom('lookup_principles as p')
    .leftJoin('lookup_names as n', 'n.principle_id', 'p.id')
    .select(['p.id', 'p.code', 'p.name', 'n.name as local'])
    .where('p.list', '=', list)
    .where('p.active', '=', true)
    .orderBy('p.sort')
    .execute();
  const values = new Map<string, { id: string; code: string; names: Set<string> }>();
  for (const row of rows) {
    const value = values.get(String(row.id)) ?? { id: String(row.id), code: row.code, names: new Set<string>([row.name]) };
    if (row.local !== null) value.names.add(row.local);
    values.set(value.id, value);
  }
  return [...values.values()].map((value) => ({ id: value.id, code: value.code, names: [...value.names] }));
};

/** The words of the countries', languages' and worldviews' names in every language: names, but no filter's and no organisation's. */
const otherNames = async (db: Kysely<Database>): Promise<Set<string>> => {
  const lists = ['countries', 'languages', 'worldviews'] as const;
  const principal = await db.selectFrom('lookup_principles').select('name').where('list', 'in', lists).where('active', '=', true).execute();
  const local = await db
    .selectFrom('lookup_names as n')
    .innerJoin('lookup_principles as p', 'p.id', 'n.principle_id')
    .select('n.name')
    .where('p.list', 'in', lists)
    .execute();
  return new Set([...principal, ...local].flatMap((row) => normalise(row.name).split(' ')).filter((word) => word.length > 1));
};

/** The groups and sub-groups the caller sees, by name: "by group" and a group's name are read from these. */
const groupsOf = async (db: Kysely<Database>, auth: NonNullable<AiExportInput['auth']>): Promise<NonNullable<Vocabulary['groups']>> => {
  const visible = await visibleDepartmentIds(db, auth);
  if (visible.length === 0) return [];
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name', 'parent_id'])
    .where('organization_id', '=', auth.organization.id)
    .where('id', 'in', visible)
    .orderBy('name')
    .execute();
  // A sub-group whose group is out of sight stands on its own, as a group does.
  const seen = new Set(rows.map((row) => row.id));
  return rows.map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id !== null && seen.has(row.parent_id) ? row.parent_id : null }));
};

/** The countries with a census, named in every language; the organisation's own country's is the default, else Australia's as on Compare → External. */
const censusOf = async (db: Kysely<Database>, ownCountry: string | undefined): Promise<Vocabulary['census']> => {
  const names = new Map<string, Set<string>>();
  const byCode = new Map<string, string>();
  for (const language of LANGUAGES) {
    for (const entry of await countriesList(db, language)) {
      const id = String(entry.id);
      names.set(id, (names.get(id) ?? new Set()).add(entry.name));
      byCode.set(entry.code.toUpperCase(), id);
    }
  }
  const countries = [...names].map(([id, known]) => ({ id, names: [...known] }));
  const fallback = (ownCountry === undefined ? undefined : byCode.get(ownCountry.toUpperCase())) ?? byCode.get('AU') ?? countries[0]?.id;
  return fallback === undefined ? undefined : { countries, defaultId: fallback };
};

/** What the prompt is read against: the catalogue's names, the filter values, the organisation's own date ranges and groups, and the census countries. */
export const vocabularyOf = async (db: Kysely<Database>, organizationId: string, organizationName: string, auth?: AiExportInput['auth']): Promise<Vocabulary> => {
  const census = await censusOf(db, auth?.organization.country);
  return {
    ...catalogueNames(LANGUAGES.map((code) => CATALOGUES[code]!)),
    genders: await lookupValues(db, 'genders'),
    positionLevels: await lookupValues(db, 'position-levels'),
    dateRanges: await readDateRanges(db, organizationId),
    organizationName,
    otherNames: await otherNames(db),
    ...(auth === undefined ? {} : { groups: await groupsOf(db, auth) }),
    ...(census === undefined ? {} : { census }),
  };
};

/**
 * The catalogue a model is given, and all it is given beside the prompt: pages, cards, filter
 * values and the organisation's date-range labels. No figure, no answer, no person.
 */
export const modelCatalogue = (vocabulary: Vocabulary) => ({
  pages: EXPORT_PAGES.map((page) => ({
    page,
    name: en[page],
    cards: EXPORT_CARDS[page].map((card) => ({ key: card.key, title: en[card.title] })),
  })),
  filters: {
    gender: vocabulary.genders.map((value) => ({ id: value.id, name: value.names[0] })),
    'position-level': vocabulary.positionLevels.map((value) => ({ id: value.id, name: value.names[0] })),
    generation: [...GENERATIONS],
    disability: ['yes', 'no'],
    lgbtiq: ['yes', 'no'],
    'age-range': 'low-high, for example 25-34',
    'date-tag': vocabulary.dateRanges.map((range) => ({ id: range.id, label: range.label })),
  },
  formats: ['xlsx', 'csv'],
});

const INSTRUCTIONS = [
  'You turn a request for a spreadsheet export of diversity dashboards into a JSON export description.',
  'Answer with one JSON object only: {"pages":[{"page":string,"cards":string[]}],"filter":object,"format":"xlsx"|"csv"}.',
  'Use only the page names, card keys, filter ids and values of the catalogue below. cards: [] means every card of the page.',
  'filter may hold gender and position-level (lists of ids), generation (list), disability and lgbtiq ("yes" or "no"), age-range ("low-high") and date-tag (an id).',
  'A csv export needs the cards named (one file per card). The request may be in any language.',
].join('\n');

const ChatAnswer = t.type({ choices: t.array(t.type({ message: t.type({ content: t.string }) })) });

type ModelOutcome = { readonly kind: 'description'; readonly description: ExportDescription } | { readonly kind: 'invalid' } | { readonly kind: 'unavailable' };

/** Only ids the catalogue offered: a model cannot name a value, or a date range, of its own. */
const offeredOnly = (description: ExportDescription, vocabulary: Vocabulary): boolean => {
  const { filter } = description;
  const within = (ids: readonly string[] | undefined, values: readonly VocabularyValue[]) => (ids ?? []).every((id) => values.some((value) => value.id === id));
  const groups = vocabulary.groups ?? [];
  return (
    (description.groups ?? []).every((id) => groups.some((group) => group.id === id)) &&
    (description.census === undefined || (vocabulary.census?.countries ?? []).some((country) => country.id === description.census)) &&
    within(filter.gender, vocabulary.genders) &&
    within(filter['position-level'], vocabulary.positionLevels) &&
    (filter['date-tag'] === undefined || vocabulary.dateRanges.some((range) => range.id === filter['date-tag']))
  );
};

/** Asks the configured chat-completions service; its answer is decoded with the contract's codec or refused. */
export const askModel = async (model: AiModel, prompt: string, vocabulary: Vocabulary): Promise<ModelOutcome> => {
  const address = /\/chat\/completions$/.test(model.url) ? model.url : `${model.url}/chat/completions`;
  let body: unknown;
  try {
    const response = await fetch(address, {
      method: 'POST',
      redirect: 'error',
      signal: AbortSignal.timeout(model.timeoutMs ?? 20_000),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${model.key}` },
      body: JSON.stringify({
        model: model.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: `${INSTRUCTIONS}\nCatalogue: ${JSON.stringify(modelCatalogue(vocabulary))}` },
          { role: 'user', content: prompt },
        ],
      }),
    });
    if (!response.ok) return { kind: 'unavailable' };
    body = await response.json();
  } catch {
    return { kind: 'unavailable' };
  }
  const chat = ChatAnswer.decode(body);
  if (!isRight(chat) || chat.right.choices[0] === undefined) return { kind: 'invalid' };
  let content: unknown;
  try {
    // Some services wrap JSON in a code fence even when asked not to.
    content = JSON.parse(chat.right.choices[0].message.content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
  } catch {
    return { kind: 'invalid' };
  }
  const decoded = DescriptionCodec.decode(content);
  if (!isRight(decoded) || !offeredOnly(decoded.right, vocabulary)) return { kind: 'invalid' };
  return { kind: 'description', description: decoded.right };
};

/**
 * GET /general/ai/export: reads the prompt into an export description, with the model when one
 * is configured and the built-in interpreter otherwise (or when the model cannot be reached).
 * A date-tag that is not one of the organisation's ranges is refused as the statistics refuse it.
 */
export const understandExport = async (db: Kysely<Database>, model: AiModel | undefined, input: AiExportInput): Promise<AiExportAnswer> => {
  const vocabulary = await vocabularyOf(db, input.organizationId, input.organizationName, input.auth);
  const dateTag = input.dateTag === '' ? undefined : input.dateTag;
  if (dateTag !== undefined && !vocabulary.dateRanges.some((range) => range.id === dateTag)) {
    throw invalidData({ 'filter[date-tag]': ['The selected date range does not exist.'] });
  }
  const refused = promptRefusal(input.prompt, vocabulary);
  if (refused !== null) return refusal(refused);

  let unavailable = false;
  if (model !== undefined) {
    const outcome = await askModel(model, input.prompt, vocabulary);
    if (outcome.kind === 'invalid') return refusal('model_invalid');
    if (outcome.kind === 'description') {
      const { description } = outcome;
      // The date range in force applies unless the model named one, as with the built-in reading.
      if (description.filter['date-tag'] !== undefined || dateTag === undefined) return { status: 'understood', source: 'model', description, notes: [] };
      return { status: 'understood', source: 'model', description: { ...description, filter: { ...description.filter, 'date-tag': dateTag } }, notes: ['date_current'] };
    }
    unavailable = true;
  }
  const reading = interpretPrompt({ prompt: input.prompt, vocabulary, today: input.today, ...(dateTag === undefined ? {} : { currentDateTag: dateTag }) });
  if (reading.status === 'refused') return refusal(reading.reason);
  const notes = unavailable ? ['model_unavailable' as const, ...reading.notes] : reading.notes;
  return { status: 'understood', source: 'builtin', description: reading.description, notes, ...(reading.questions === undefined ? {} : { questions: reading.questions }) };
};
