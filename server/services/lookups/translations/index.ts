import { PREFER_NOT_CODE } from '../../../../domain/contracts/lookups';
import type { LocalName, LookupRow, NameLocale, StoredList } from '../types';
import { BRANCH_NAMES, CULTURAL_FAMILY_NAMES, WORLDVIEW_NAMES } from './beliefsAndHeritages';
import {
  APPEARANCE_NAMES,
  DISABILITY_NAMES,
  EDUCATION_NAMES,
  GENDER_NAMES,
  INDUSTRY_NAMES,
  POSITION_LEVEL_NAMES,
  POSITION_TYPE_NAMES,
  PREFER_NOT,
  SEXUAL_ORIENTATION_NAMES,
  type Translated,
  type TranslationTable,
} from './shortLists';

/** The languages our translations are written in, in the order of a `Translated` entry. */
export const TRANSLATED_LANGUAGES = ['fr', 'es', 'ar', 'zh'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** The typed-in lists we translate, by list. */
export const TYPED_TRANSLATIONS: Partial<Record<StoredList, TranslationTable>> = {
  genders: GENDER_NAMES,
  'sexual-orientations': SEXUAL_ORIENTATION_NAMES,
  educations: EDUCATION_NAMES,
  disabilities: DISABILITY_NAMES,
  appearances: APPEARANCE_NAMES,
  industries: INDUSTRY_NAMES,
  'position-levels': POSITION_LEVEL_NAMES,
  'position-types': POSITION_TYPE_NAMES,
  worldviews: WORLDVIEW_NAMES,
  branches: BRANCH_NAMES,
  'cultural-families': CULTURAL_FAMILY_NAMES,
};

/**
 * Items that may show their English name until a translator writes one (the "heritages
 * fall back to English"): the heritages themselves, the 2016 denominations and the language
 * families among the cultural families. The API marks each such item `untranslated`, and
 * `untranslatedItems` lists them per language for the translator.
 */
export const mayFallBack = (row: Pick<LookupRow, 'list' | 'code'>): boolean =>
  row.list === 'ethnicities' || row.list === 'denominations' || (row.list === 'cultural-families' && row.code.startsWith('iso639-5:'));

/** Lists whose names come from CLDR (countries.ts, languages.ts, regions.ts) or are numbers (birth years). */
const NAMED_ELSEWHERE: ReadonlySet<StoredList> = new Set<StoredList>(['countries', 'states', 'languages', 'macro-zones', 'zones', 'micro-zones', 'ages']);

const languageOf = (locale: NameLocale): TranslatedLanguage | undefined => {
  const base = locale.cldr.split('-')[0]!;
  return (TRANSLATED_LANGUAGES as readonly string[]).includes(base) ? (base as TranslatedLanguage) : undefined;
};

/** A branch-level denomination ('4511-nfd') is named as its branch. */
const translationOf = (row: Pick<LookupRow, 'list' | 'code'>): Translated | undefined => {
  if (row.code === PREFER_NOT_CODE) return PREFER_NOT;
  if (row.list === 'denominations' && row.code.endsWith('-nfd')) return BRANCH_NAMES[row.code.slice(0, -'-nfd'.length)];
  return TYPED_TRANSLATIONS[row.list]?.[row.code];
};

/** The rows whose names this module owns: every list but those CLDR names, plus every "Prefer not to answer". */
const ownedHere = (row: LookupRow): boolean => !NAMED_ELSEWHERE.has(row.list) || row.code === PREFER_NOT_CODE;

/**
 * The names of the typed-in lists' items (and of every list's "Prefer not to answer") in each
 * translated locale; an item without a translation gets no name, so it shows its English one.
 */
export const typedListNames = (rows: readonly LookupRow[], locales: readonly NameLocale[]): LocalName[] => {
  const names: LocalName[] = [];
  for (const locale of locales) {
    const language = languageOf(locale);
    if (language === undefined) continue;
    const index = TRANSLATED_LANGUAGES.indexOf(language);
    for (const row of rows) {
      if (!ownedHere(row)) continue;
      const name = translationOf(row)?.[index];
      if (name !== undefined) names.push({ list: row.list, code: row.code, locale: locale.code, name, sort: null });
    }
  }
  return names;
};

/** For the translator: per language, the items still shown in English, as 'list/code English name'. */
export const untranslatedItems = (rows: readonly LookupRow[]): Record<TranslatedLanguage, string[]> => {
  const result = Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, [] as string[]])) as Record<TranslatedLanguage, string[]>;
  for (const row of rows) {
    if (!ownedHere(row)) continue;
    const translated = translationOf(row);
    TRANSLATED_LANGUAGES.forEach((language, index) => {
      if (translated?.[index] === undefined) result[language].push(`${row.list}/${row.code} ${row.name}`);
    });
  }
  return result;
};
