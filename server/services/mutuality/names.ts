import type { Kysely } from 'kysely';
import type { MutualityValue } from '../../../domain/contracts/mutuality';
import type { MutualityPillarName } from '../../../domain/mutuality/census';
import type { Database } from '../../db/database';
import { requestLocale } from '../lookups/service';

/**
 * The census side of Compare → External in the request's language. A census category keyed by a
 * lookup item's code (a country's ISO 3166 code, a language's ISO 639-3 code, a worldview's or
 * an ancestry's code) takes that item's stored name in the language: CLDR's for countries and
 * languages (server/services/lookups/countries.ts, languages.ts), the product's translation for worldviews
 * and heritages. Any other category (a census grouping such as "European") keeps the census's
 * English and is marked `untranslated`, as lookup items without a name are. The census keys are
 * never looked up as principle ids: they are codes, and ids would name the wrong items.
 */

const PILLAR_LISTS: Readonly<Record<MutualityPillarName, string>> = {
  heritage: 'ethnicities',
  country: 'countries',
  language: 'languages',
  worldview: 'worldviews',
};

/** The rest category ('other') is worded by the catalogue, not by the census. */
const REST_KEY = 'other';

export interface CensusNames {
  /** The product locale the names are in; null for English. */
  readonly locale: string | null;
  /** A country of the countries list by its code, or its English name. */
  readonly country: (code: string, english: string) => string;
  /** A pillar's category, named in the language or marked as still English. */
  readonly value: <V extends Pick<MutualityValue, 'key' | 'label'>>(pillar: MutualityPillarName, value: V) => V & { untranslated?: true };
}

const ENGLISH: CensusNames = { locale: null, country: (_code, english) => english, value: (_pillar, value) => value };

/** Names change only with a new lookup build: read once per database and language. */
const cache = new WeakMap<Kysely<Database>, Map<string, Promise<ReadonlyMap<string, string>>>>();

const storedNames = (db: Kysely<Database>, locale: string): Promise<ReadonlyMap<string, string>> => {
  let byLocale = cache.get(db);
  if (!byLocale) cache.set(db, (byLocale = new Map()));
  let names = byLocale.get(locale);
  if (!names) {
    names = db
      .selectFrom('lookup_principles as p')
      .innerJoin('lookup_names as n', 'n.principle_id', 'p.id')
      .select(['p.list', 'p.code', 'n.name'])
      .where('n.locale', '=', locale)
      .where('p.list', 'in', Object.values(PILLAR_LISTS))
      .execute()
      .then((rows) => new Map(rows.map((row) => [`${row.list}/${row.code}`, row.name])));
    names.catch(() => byLocale.delete(locale));
    byLocale.set(locale, names);
  }
  return names;
};

/** The namer for a request's X-Locale header: English (no names, no marks) without a product language other than English. */
export const censusNamesFor = async (db: Kysely<Database>, header: string | undefined): Promise<CensusNames> => {
  const locale = await requestLocale(db, header);
  if (locale === null || locale.split('-')[0] === 'en') return ENGLISH;
  const names = await storedNames(db, locale);
  return {
    locale,
    country: (code, english) => names.get(`countries/${code}`) ?? english,
    value: (pillar, value) => {
      if (value.key === REST_KEY) return value;
      const name = names.get(`${PILLAR_LISTS[pillar]}/${value.key}`);
      return name === undefined ? { ...value, untranslated: true as const } : { ...value, label: name };
    },
  };
};
