import type * as t from 'io-ts';
import type { Kysely } from 'kysely';
import type { KeyFactPage as SpecKeyFactPage } from '../../../domain/contracts/statistics';
import { statsMessages } from '../../../domain/contracts/stats';
import type { QueryParams } from '../../../domain/filters/encoding';
import { isProductLanguage, productLanguage } from '../../../domain/i18n/languages';
import { numberFormats } from '../../../domain/i18n/numbers';
import { KEY_FACT_SECTIONS, type KeyFactPage, keyFactsOf } from '../../../domain/keyfacts/facts';
import { keyFactSentence } from '../../../domain/keyfacts/wording';
import { type Release, released } from '../../../domain/stats';
import { releasedSection } from '../exports/sections';
import { labelLocaliser } from '../exports/labels';
import { translator } from '../exports/words';
import type { Database } from '../../db/database';
import type { CallerStatistics } from './released';

/** The product language a reader reads in: the locale's code or its primary subtag, English otherwise (as the translator reads it). */
export const readerLanguage = (locale: string | undefined) => {
  const code = (locale ?? '').trim().toLowerCase();
  const primary = code.split(/[-_]/)[0] ?? '';
  return productLanguage(isProductLanguage(code) ? code : isProductLanguage(primary) ? primary : 'en');
};

/**
 * A page's key facts as the dashboard says them (domain/keyfacts): made from the sections the
 * page's cards release to this caller, read through the one door, and worded in the
 * reader's language. A withheld section gives no fact. The dashboard, the PDF report and
 * GET /key-facts all say these, so there is one source of key facts.
 */
export const releasedKeyFacts = async (db: Kysely<Database>, statistics: CallerStatistics, page: KeyFactPage, filters: QueryParams, locale: string | undefined): Promise<string[]> => {
  const t = translator(locale);
  // A fact that names a value (the most common language) names it as the page's charts do.
  const localise = await labelLocaliser(db, locale, t);
  const sections: Record<string, unknown> = {};
  for (const path of KEY_FACT_SECTIONS[page]) {
    const answer = await releasedSection(statistics, { key: path }, filters);
    sections[path] = answer.status === 200 ? localise(answer.data) : null;
  }
  const numbers = numberFormats(readerLanguage(locale).code);
  return keyFactsOf(page, sections).map((fact) => keyFactSentence(fact, t, numbers));
};

/** The SPEC's page names of GET /key-facts?page= (section 7) as the dashboard's key-fact pages. */
const DASHBOARD_PAGE: Record<t.TypeOf<typeof SpecKeyFactPage>, KeyFactPage> = {
  overview: 'overview',
  languages: 'languages',
  worldviews: 'worldviews',
  coordinator: 'coordinator',
  demographics: 'demographics',
  country: 'country-birth',
  ethnicity: 'cultural-heritage',
};

/**
 * GET /key-facts?page=: the page's released key facts in the caller's language. A selection the
 * organisation's count does not release (below k, or over the hourly allowance) is refused with
 * the count's own reason; a page without any released fact says there is not enough data.
 */
export const keyFactsAnswer = async (
  db: Kysely<Database>,
  statistics: CallerStatistics,
  page: t.TypeOf<typeof SpecKeyFactPage>,
  filters: QueryParams,
  locale: string | undefined,
): Promise<Release<{ facts: string[] }>> => {
  const total = await releasedSection(statistics, { key: 'home/total-registered' }, filters);
  if (total.status !== 200) return { status: 204, message: total.message };
  const facts = await releasedKeyFacts(db, statistics, DASHBOARD_PAGE[page], filters, locale);
  return facts.length === 0 ? { status: 204, message: statsMessages.notEnoughData } : released({ facts });
};
