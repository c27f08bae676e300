import { AI_FILES_MAX, AI_GROUPS_MAX, AI_PROMPT_MAX, type AiNote, type AiQuestion, type AiRefusal, type DescriptionPage, type ExportDescription, descriptionProblem, filesOf } from '../contracts/aiExport';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportFilters, type ExportFormat, type ExportPage, RETIRED_CARDS } from '../contracts/exports';
import type { DateRange } from '../contracts/organization';
import type { Catalogue } from '../i18n/catalogue';
import { GENERATIONS } from '../filters/model';
import { type Period, latestYearOf, monthPeriod, periodOfWord, savedRangeFor, yearPeriod } from './period';

type Generation = (typeof GENERATIONS)[number];
import {
  AGE_JOINERS, BY_GROUP_WORDS, CENSUS_WORDS, COMPANY_SUFFIXES, DESTRUCTIVE_WORDS, DISABILITY_WORDS, FORMAT_WORDS, GENDER_WORDS, GENERATION_WORDS, KNOWN_CAPITALS, LGBTIQ_WORDS,
  MONTH_WORDS, PAGE_WORDS, PERIOD_WORDS, POSITION_WORDS, type PeriodWord,
} from './words';

/**
 * The built-in reading of an AI-export prompt (issue 17): no model, no network. It looks for the
 * names of the catalogue's pages and cards and for the filter vocabulary, in every language the
 * product speaks, and builds the same export description a model would. It never throws, and
 * what it answers always decodes with ExportDescription (tests/domain/aiExport.test.ts).
 */

/** A lookup value the filters can name: its principle id (what the filter sends), its code, its names. */
export interface VocabularyValue {
  readonly id: string;
  readonly code: string;
  readonly names: readonly string[];
}

export interface Vocabulary {
  readonly pages: readonly { readonly page: ExportPage; readonly names: readonly string[] }[];
  readonly cards: readonly { readonly page: ExportPage; readonly key: string; readonly names: readonly string[] }[];
  readonly genders: readonly VocabularyValue[];
  readonly positionLevels: readonly VocabularyValue[];
  readonly dateRanges: readonly DateRange[];
  /** The caller's own organisation: its name is not taken for another's. */
  readonly organizationName: string;
  /** Names that are not filters but are not an organisation's either (countries, languages, worldviews), lower case without accents. */
  readonly otherNames?: ReadonlySet<string>;
  /** The organisation's groups and sub-groups the caller sees (parentId null for a group): "by group" and a group's name read from these. */
  readonly groups?: readonly { readonly id: string; readonly name: string; readonly parentId: string | null }[];
  /** The countries with a census to compare with, and the one taken when none is named. */
  readonly census?: { readonly countries: readonly { readonly id: string; readonly names: readonly string[] }[]; readonly defaultId: string };
}

export type Interpretation =
  | { readonly status: 'understood'; readonly description: ExportDescription; readonly notes: AiNote[]; readonly questions?: AiQuestion[] }
  | { readonly status: 'refused'; readonly reason: AiRefusal };

export interface InterpretInput {
  readonly prompt: string;
  readonly vocabulary: Vocabulary;
  /** The date range in force on the dashboard (filter[date-tag]), used when the prompt names none. */
  readonly currentDateTag?: string;
  /** 'YYYY-MM-DD': "since January" is the latest January on or before it. */
  readonly today: string;
}

// ------------------------------------------------------------------------------------------
// Text

/** Lower case, accents and marks dropped, punctuation as spaces: how prompts and names compare. */
export const normalise = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const LATIN = /[a-z0-9]/;

/** Where `phrase` (normalised) occurs in `text` (normalised): a Latin word matches whole, or with a plural s. */
const occurrences = (text: string, phrase: string): { start: number; end: number }[] => {
  const found: { start: number; end: number }[] = [];
  if (phrase === '') return found;
  let from = 0;
  for (;;) {
    const start = text.indexOf(phrase, from);
    if (start < 0) return found;
    from = start + 1;
    let end = start + phrase.length;
    if (LATIN.test(phrase[0]!) && start > 0 && LATIN.test(text[start - 1]!)) continue;
    if (LATIN.test(phrase[phrase.length - 1]!)) {
      if (text[end] === 's' && !LATIN.test(text[end + 1] ?? ' ')) end += 1;
      else if (end < text.length && LATIN.test(text[end]!)) continue;
    }
    found.push({ start, end });
  }
};

// ------------------------------------------------------------------------------------------
// Terms: what a phrase stands for

type Term =
  | { readonly kind: 'page'; readonly page: ExportPage }
  | { readonly kind: 'card'; readonly page: ExportPage; readonly key: string }
  | { readonly kind: 'gender'; readonly id: string }
  | { readonly kind: 'position'; readonly id: string }
  | { readonly kind: 'generation'; readonly value: Generation }
  | { readonly kind: 'disability' }
  | { readonly kind: 'lgbtiq' }
  | { readonly kind: 'format'; readonly format: ExportFormat }
  | { readonly kind: 'month'; readonly month: number }
  | { readonly kind: 'range'; readonly id: string }
  | { readonly kind: 'period'; readonly period: Exclude<PeriodWord, 'since'> }
  | { readonly kind: 'group'; readonly id: string }
  | { readonly kind: 'byGroup' }
  | { readonly kind: 'census' }
  | { readonly kind: 'destructive' };

/** On the same stretch of text a page outweighs a card, a card a filter. */
const WEIGHT: Readonly<Record<Term['kind'], number>> = {
  destructive: 9, range: 8, byGroup: 8, census: 8, period: 8, page: 7, group: 6.5, card: 6, gender: 5, position: 5, generation: 5, disability: 5, lgbtiq: 5, format: 5, month: 4,
};

interface Phrase {
  readonly text: string;
  readonly term: Term;
}

const phrasesOf = (vocabulary: Vocabulary): Phrase[] => {
  const phrases: Phrase[] = [];
  const add = (names: readonly string[], term: Term) => {
    for (const name of names) {
      const text = normalise(name);
      if ([...text].length >= 2 || /[^\u0000-\u024f]/u.test(text)) phrases.push({ text, term });
    }
  };
  for (const word of DESTRUCTIVE_WORDS) add([word], { kind: 'destructive' });
  for (const range of vocabulary.dateRanges) if ([...range.label.trim()].length >= 3) add([range.label], { kind: 'range', id: range.id });
  for (const { page, names } of vocabulary.pages) add([...names, ...PAGE_WORDS[page]], { kind: 'page', page });
  // The home page's counts share their titles with other pages' charts ("Languages spoken"): the chart is meant.
  const cards = [...vocabulary.cards.filter((card) => card.page !== 'home'), ...vocabulary.cards.filter((card) => card.page === 'home')];
  for (const { page, key, names } of cards) add(names, { kind: 'card', page, key });
  for (const value of vocabulary.genders) add([...value.names, ...(GENDER_WORDS[value.code] ?? [])], { kind: 'gender', id: value.id });
  for (const value of vocabulary.positionLevels) add([...value.names, ...(POSITION_WORDS[value.code] ?? [])], { kind: 'position', id: value.id });
  for (const generation of GENERATIONS) add(GENERATION_WORDS[generation], { kind: 'generation', value: generation });
  add(DISABILITY_WORDS, { kind: 'disability' });
  add(LGBTIQ_WORDS, { kind: 'lgbtiq' });
  for (const format of ['xlsx', 'csv'] as const) add(FORMAT_WORDS[format], { kind: 'format', format });
  MONTH_WORDS.forEach((names, index) => add(names, { kind: 'month', month: index + 1 }));
  for (const period of ['this_year', 'last_year', 'this_quarter', 'last_quarter', 'this_month', 'last_month'] as const) add(PERIOD_WORDS[period], { kind: 'period', period });
  for (const group of vocabulary.groups ?? []) add([group.name], { kind: 'group', id: group.id });
  add(BY_GROUP_WORDS, { kind: 'byGroup' });
  add(CENSUS_WORDS, { kind: 'census' });
  return phrases;
};

interface Match {
  readonly start: number;
  readonly end: number;
  readonly term: Term;
}

/** The longest phrases first, then the heavier term; each stretch of the prompt is read once. */
const readTerms = (text: string, phrases: readonly Phrase[]): Match[] => {
  const all: Match[] = [];
  for (const phrase of phrases) for (const at of occurrences(text, phrase.text)) all.push({ ...at, term: phrase.term });
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || WEIGHT[b.term.kind] - WEIGHT[a.term.kind] || a.start - b.start);
  const taken: Match[] = [];
  for (const match of all) if (!taken.some((other) => match.start < other.end && other.start < match.end)) taken.push(match);
  return taken.sort((a, b) => a.start - b.start);
};

// ------------------------------------------------------------------------------------------
// Parts of the description

const ageRangeOf = (prompt: string): string | undefined => {
  const joiners = AGE_JOINERS.map((joiner) => joiner.replace(/[\\^$*+?.()|[\]{}]/g, '\\$&')).join('|');
  const pattern = new RegExp(`(?<![\\d\\-/.:])(\\d{1,3})\\s*(?:${joiners})\\s*(\\d{1,3})(?![\\d\\-/.:])`, 'iu');
  const match = pattern.exec(prompt.normalize('NFKC'));
  if (match === null) return undefined;
  const low = Number(match[1]);
  const high = Number(match[2]);
  return low <= high && high <= 120 ? `${low}-${high}` : undefined;
};

const SINCE_BEFORE = PERIOD_WORDS.since.map(normalise);
/** Chinese says "since" after the date: 2025年以来, 一月起. */
const SINCE_AFTER = ['以来', '起', '开始'];
const YEAR = /(?<![\p{N}])((?:19|20)\d\d)(?![\p{N}])/gu;

/** Whether the words just before `start` (or, in Chinese, just after `end`) say "since". */
const saysSince = (text: string, start: number, end: number): boolean => {
  const before = text.slice(0, start).trimEnd();
  const after = text.slice(end).trimStart();
  return (
    SINCE_BEFORE.some((word) => before === word || before.endsWith(` ${word}`) || (!LATIN.test(word[0]!) && before.endsWith(word))) ||
    SINCE_AFTER.some((word) => after.startsWith(word))
  );
};

/**
 * The period the prompt names in words, if any: a period word ("last quarter"), else a month
 * ("since January", "in March", "March 2025"), else a year ("in 2025", "since 2024", "2025年以来").
 */
const periodOfPrompt = (text: string, matches: readonly Match[], today: string): Period | undefined => {
  for (const { term } of matches) if (term.kind === 'period') return periodOfWord(term.period, today);
  const years = [...text.matchAll(YEAR)].map((found) => ({ start: found.index, end: found.index + found[0].length, year: Number(found[1]) }));
  const month = matches.find((match) => match.term.kind === 'month');
  if (month !== undefined && month.term.kind === 'month') {
    const number = month.term.month;
    // A year just after the month is its year ("January 2025", "janvier 2025").
    const following = years.find((year) => year.start >= month.end && text.slice(month.end, year.start).trim() === '');
    const year = following?.year ?? latestYearOf(number, today);
    const from = monthPeriod(year, number);
    return saysSince(text, month.start, following?.end ?? month.end) ? { from: from.from } : from;
  }
  const year = years[0];
  if (year === undefined) return undefined;
  return saysSince(text, year.start, year.end) ? { from: `${year.year}-01-01` } : yearPeriod(year.year);
};

/**
 * Capitalised words that are neither read nor the caller's own (the organisation's name, its
 * groups', a census country's): 'company' when one is followed by, or is, a company's suffix
 * ("Contoso Ltd": another organisation's); 'unknown' when one is no known name (asked back,
 * since it may be a group under another name); 'known' when they are all names such as a
 * country's, which no filter takes.
 */
const capitalisedNames = (prompt: string, matches: readonly Match[], text: string, vocabulary: Vocabulary): 'company' | 'unknown' | 'known' | 'none' => {
  const ownNames = [vocabulary.organizationName, ...(vocabulary.groups ?? []).map((group) => group.name)];
  const own = new Set(ownNames.flatMap((name) => normalise(name).split(' ')));
  // Census countries are names like any country's: known, and no filter.
  const countries = new Set((vocabulary.census?.countries ?? []).flatMap((country) => country.names.flatMap((name) => normalise(name).split(' '))));
  const isKnown = (part: string) => countries.has(part) || vocabulary.otherNames?.has(part) === true;
  const readWords = new Set(matches.flatMap((match) => text.slice(match.start, match.end).split(' ')));
  let known = false;
  let unknown = false;
  for (const found of prompt.matchAll(/(^|[^\p{L}\p{N}])(\p{Lu}[\p{L}\p{N}&'’.-]*)/gu)) {
    const word = normalise(found[2]!);
    // The next word as written: "Co." is a suffix, "co-located" is not.
    const next = (prompt.slice(found.index + found[0].length).trimStart().split(/\s+/)[0] ?? '').replace(/[.,;:!?)]+$/u, '').toLowerCase();
    const company = !own.has(word) && !KNOWN_CAPITALS.includes(word) && (COMPANY_SUFFIXES.includes(word) || COMPANY_SUFFIXES.includes(next));
    const before = prompt.slice(0, found.index + found[1]!.length).trimEnd();
    if (!company && (before === '' || /[.!?:;]$/.test(before))) continue;
    if (company) return 'company';
    if (word === '' || own.has(word) || readWords.has(word) || readWords.has(word.replace(/s$/, '')) || KNOWN_CAPITALS.includes(word)) continue;
    // A name's own form or an adjective made from it ("Australian", "australien").
    const named = (part: string) =>
      own.has(part) || isKnown(part) || [...countries, ...(vocabulary.otherNames ?? [])].some((name) => name.length >= 4 && part.startsWith(name));
    if (word.split(' ').every(named)) {
      known = true;
      continue;
    }
    unknown = true;
  }
  return unknown ? 'unknown' : known ? 'known' : 'none';
};

const refused = (reason: AiRefusal): Interpretation => ({ status: 'refused', reason });

/** The census country named in the prompt (a name, or its start: "Australian census"), else the organisation's default. */
const censusCountryOf = (text: string, vocabulary: Vocabulary): string | undefined => {
  const census = vocabulary.census;
  if (census === undefined) return undefined;
  const named = census.countries.find((country) =>
    country.names.some((name) => {
      const wanted = normalise(name);
      if (wanted.length < 3) return false;
      const at = text.indexOf(wanted);
      return at >= 0 && (at === 0 || !LATIN.test(text[at - 1]!));
    }),
  );
  return named?.id ?? census.defaultId;
};

const readPrompt = (input: unknown, vocabulary: Vocabulary): { prompt: string; text: string; matches: Match[]; names: 'unknown' | 'known' | 'none' } | { reason: AiRefusal } => {
  const prompt = typeof input === 'string' ? input : '';
  if ([...prompt].length > AI_PROMPT_MAX) return { reason: 'too_long' };
  const text = normalise(prompt);
  if (text === '') return { reason: 'empty' };
  const matches = readTerms(text, phrasesOf(vocabulary));
  if (matches.some((match) => match.term.kind === 'destructive')) return { reason: 'not_an_export' };
  const names = capitalisedNames(prompt, matches, text, vocabulary);
  if (names === 'company') return { reason: 'other_organisation' };
  return { prompt, text, matches, names };
};

/**
 * What is refused before any reading, by the built-in interpreter and before a model is asked
 * alike: an empty or too long prompt, a request to delete or change, another organisation's name.
 */
export const promptRefusal = (prompt: string, vocabulary: Vocabulary): AiRefusal | null => {
  const read = readPrompt(prompt, vocabulary);
  return 'reason' in read ? read.reason : null;
};

/** Reads a prompt into an export description, or says why it cannot. Pure and total. */
export const interpretPrompt = (input: InterpretInput): Interpretation => {
  const read = readPrompt(input.prompt, input.vocabulary);
  if ('reason' in read) return refused(read.reason);
  const { prompt, text, matches } = read;
  const { vocabulary } = input;

  const notes: AiNote[] = [];
  const questions: AiQuestion[] = [];
  const namedGroups: string[] = [];
  let byGroup = false;
  let census = false;
  const pages = new Map<ExportPage, Set<string> | 'whole'>();
  const filter: { -readonly [K in keyof ExportFilters]: ExportFilters[K] } = {};
  const genders = new Set<string>();
  const positions = new Set<string>();
  const generations = new Set<Generation>();
  let format: ExportFormat | undefined;
  let dateTag: string | undefined;

  for (const { term } of matches) {
    switch (term.kind) {
      case 'page':
        pages.set(term.page, 'whole');
        break;
      case 'card': {
        const chosen = pages.get(term.page);
        if (chosen === undefined) pages.set(term.page, new Set([term.key]));
        else if (chosen !== 'whole') chosen.add(term.key);
        break;
      }
      case 'gender':
        genders.add(term.id);
        break;
      case 'position':
        positions.add(term.id);
        break;
      case 'generation':
        generations.add(term.value);
        break;
      case 'disability':
        filter.disability = 'yes';
        break;
      case 'lgbtiq':
        filter.lgbtiq = 'yes';
        break;
      case 'format':
        format ??= term.format;
        break;
      case 'range':
        dateTag ??= term.id;
        break;
      case 'group':
        if (!namedGroups.includes(term.id)) namedGroups.push(term.id);
        break;
      case 'byGroup':
        byGroup = true;
        break;
      case 'census':
        census = true;
        break;
      case 'month':
      case 'period':
      case 'destructive':
        break;
    }
  }
  const ageRange = ageRangeOf(prompt);
  if (ageRange !== undefined) filter['age-range'] = ageRange;
  if (genders.size > 0) filter.gender = [...genders];
  if (positions.size > 0) filter['position-level'] = [...positions];
  if (generations.size > 0) filter.generation = GENERATIONS.filter((generation) => generations.has(generation));

  // A period in words takes the saved range that is the same period; otherwise the nearest one, asked back.
  const period = dateTag === undefined ? periodOfPrompt(text, matches, input.today) : undefined;
  if (period !== undefined) {
    const saved = savedRangeFor(period, vocabulary.dateRanges, input.today);
    const asked = { from: period.from, ...(period.to === undefined ? {} : { to: period.to }) };
    if (saved.exact !== undefined) dateTag = saved.exact.id;
    else if (saved.closest !== undefined) {
      dateTag = saved.closest.id;
      questions.push({ key: 'period_closest', ...asked, closest: saved.closest.id });
    } else questions.push({ key: 'period_unsaved', ...asked });
  }

  // Groups by name, or every group ("by group"): set side by side with the whole organisation.
  const groups = namedGroups.length > 0 ? namedGroups : byGroup
        ? (vocabulary.groups ?? [])
            .filter((group) => group.parentId === null)
            .sort((a, b) => a.name.localeCompare(b.name, 'en'))
            .map((group) => group.id)
        : [];
  if (byGroup && groups.length === 0) notes.push('groups_none');
  if (groups.length > AI_GROUPS_MAX) notes.push('groups_first');
  const censusId = census ? censusCountryOf(text, vocabulary) : undefined;
  if (censusId !== undefined) notes.push('census_whole');

  const understoodFilters = Object.keys(filter).length > 0;
  if (pages.size === 0 && !understoodFilters && dateTag === undefined && period === undefined && groups.length === 0 && censusId === undefined) return refused('not_understood');

  if (read.names === 'known') notes.push('names_not_filters');
  if (read.names === 'unknown') questions.push({ key: 'name_unknown' });
  if (dateTag === undefined && period === undefined && input.currentDateTag !== undefined && vocabulary.dateRanges.some((range) => range.id === input.currentDateTag)) {
    dateTag = input.currentDateTag;
    notes.push('date_current');
  }
  if (dateTag !== undefined) filter['date-tag'] = dateTag;

  // A comparison alone is a whole export; a filter or a period alone asks for the overview.
  if (pages.size === 0 && groups.length === 0 && censusId === undefined) {
    pages.set('overview', 'whole');
    notes.push('pages_default');
  }
  if (format === undefined) notes.push('format_default');
  // Pages in the menu's order, cards in the page's order.
  const described: DescriptionPage[] = EXPORT_PAGES.filter((page) => pages.has(page)).map((page) => {
    const chosen = pages.get(page)!;
    return { page, cards: chosen === 'whole' ? [] : EXPORT_CARDS[page].map((card) => card.key).filter((key) => chosen.has(key)) };
  });
  const comparisons = {
    ...(groups.length === 0 ? {} : { groups: groups.slice(0, AI_GROUPS_MAX) }),
    ...(censusId === undefined ? {} : { census: censusId }),
  };
  let chosenFormat: ExportFormat = format ?? 'xlsx';
  if (chosenFormat === 'csv' && filesOf({ pages: described, format: 'csv', ...comparisons }) > AI_FILES_MAX) {
    chosenFormat = 'xlsx';
    notes.push('csv_needs_cards');
  }
  const files = filesOf({ pages: [], format: chosenFormat, ...comparisons });
  const description: ExportDescription = { pages: described.slice(0, Math.max(0, AI_FILES_MAX - files)), filter, format: chosenFormat, ...comparisons };
  // The rules above keep to the codec's; should one ever not, the prompt is refused rather than answered wrong.
  if (descriptionProblem(description) !== null) return refused('not_understood');
  return questions.length === 0 ? { status: 'understood', description, notes } : { status: 'understood', description, notes, questions };
};

// ------------------------------------------------------------------------------------------
// The catalogue's names

/**
 * The pages' and cards' names in every catalogue (the menu's words and the cards' titles), for
 * the interpreter and for a model's instructions. Lookup values are the caller's to add.
 */
export const catalogueNames = (catalogues: readonly Catalogue[]): Pick<Vocabulary, 'pages' | 'cards'> => ({
  pages: EXPORT_PAGES.map((page) => ({ page, names: [...new Set(catalogues.map((catalogue) => catalogue[page]))] })),
  cards: [
    ...EXPORT_PAGES.flatMap((page) =>
      EXPORT_CARDS[page].map((card) => ({ page, key: card.key, names: [...new Set(catalogues.map((catalogue) => catalogue[card.title]))] })),
    ),
    // "Most common languages" and the like: the card now showing that figure.
    ...RETIRED_CARDS.map((card) => ({ page: 'languages' as const, key: card.now, names: [...new Set(catalogues.map((catalogue) => catalogue[card.title]))] })),
  ],
});
