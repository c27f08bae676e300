import { describe, expect, it } from 'vitest';
import { LOOKUP_LISTS, PREFER_NOT_CODE } from '../../domain/contracts/lookups';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { buildLookups, nameLocales } from '../../server/services/lookups/index';
import { lookupSources } from '../../server/services/lookups/sources';
import { mayFallBack, TRANSLATED_LANGUAGES, untranslatedItems } from '../../server/services/lookups/translations';

const locales = nameLocales(PRODUCT_LANGUAGES.map((language) => language.code));
const build = buildLookups({ sources: lookupSources(), locales, year: 2030 });
const nameOf = new Map(build.names.map((name) => [`${name.list}/${name.code}/${name.locale}`, name.name]));

// Lists whose names CLDR gives (countries.ts, languages.ts, regions.ts), or numbers.
const CLDR_NAMED = new Set(['countries', 'states', 'languages', 'macro-zones', 'zones', 'micro-zones', 'ages']);
const typedRows = build.rows.filter((row) => !CLDR_NAMED.has(row.list) || row.code === PREFER_NOT_CODE);

describe('the typed-in lists in every language', () => {
  it('are translated into every product language but English', () => {
    expect(locales.map((locale) => locale.code).sort()).toEqual([...TRANSLATED_LANGUAGES].sort());
  });

  it('give every item a name in every language, or allow it explicitly to fall back to English', () => {
    const missing = locales.flatMap((locale) =>
      typedRows.filter((row) => !mayFallBack(row) && !nameOf.has(`${row.list}/${row.code}/${locale.code}`)).map((row) => `${locale.code} ${row.list}/${row.code} ${row.name}`),
    );
    expect(missing).toEqual([]);
  });

  it("name every list's Prefer not to answer, and the cultural families at the top of the heritages", () => {
    for (const locale of locales) {
      for (const list of Object.keys(LOOKUP_LISTS).filter((name) => LOOKUP_LISTS[name as keyof typeof LOOKUP_LISTS].preferNot)) {
        expect(nameOf.get(`${list}/${PREFER_NOT_CODE}/${locale.code}`), `${locale.code} ${list}`).toBeTruthy();
      }
      for (const row of build.rows.filter((candidate) => candidate.list === 'cultural-families' && candidate.code.startsWith('ascceg:'))) {
        expect(nameOf.get(`${row.list}/${row.code}/${locale.code}`), `${locale.code} ${row.code}`).toBeTruthy();
      }
    }
  });

  it('never use the English name as a translation of a short list, and never an empty one', () => {
    const copied = build.names.filter((name) => name.name.trim() === '' || (name.locale !== 'fr' && name.locale !== 'es' && /^[A-Za-z ,'()-]+$/.test(name.name) && !CLDR_NAMED.has(name.list)));
    expect(copied.map((name) => `${name.locale} ${name.list}/${name.code} ${name.name}`)).toEqual([]);
  });

  it('list what the translator still has to write, per language (the allowed fallbacks only)', () => {
    const report = untranslatedItems(build.rows);
    for (const language of TRANSLATED_LANGUAGES) {
      expect(report[language].length).toBeGreaterThan(0);
      expect(report[language].every((entry) => /^(ethnicities|denominations|cultural-families)\//.test(entry))).toBe(true);
    }
    console.log(`untranslated typed-in items per language: ${TRANSLATED_LANGUAGES.map((language) => `${language} ${report[language].length}`).join(', ')}`);
  });
});
