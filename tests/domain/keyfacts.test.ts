import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Distribution, StatCell } from '../../domain/contracts/stats';
import { KEY_FACT_SECTIONS, type KeyFactPage, keyFactsOf, topCell } from '../../domain/keyfacts/facts';
import { en } from '../../domain/i18n/en';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { numberFormats } from '../../domain/i18n/numbers';
import { keyFactSentence } from '../../domain/keyfacts/wording';

const cell: fc.Arbitrary<StatCell> = fc.oneof(
  fc.record({ key: fc.constantFrom('other', 'same', 'tertiary', 'completed', 'second', 'multilingual', 'x', 'y'), label: fc.string({ minLength: 1, maxLength: 8 }), count: fc.nat(500), percent: fc.float({ min: 0, max: 100, noNaN: true }) }),
  fc.record({ key: fc.constantFrom('other', 'tertiary', 'x'), label: fc.string({ minLength: 1, maxLength: 8 }), suppressed: fc.constant(true as const), threshold: fc.constantFrom(5, 10) }),
  fc.record({ key: fc.constant('prefer_not'), label: fc.constant('Prefer not to answer'), count: fc.nat(500), percent: fc.float({ min: 0, max: 100, noNaN: true }), preferNot: fc.constant(true as const) }),
);
const distribution: fc.Arbitrary<Distribution> = fc.record({ total: fc.nat(2000), multiple: fc.boolean(), cells: fc.array(cell, { maxLength: 8 }) });
const headline = fc.record({ items: fc.array(fc.record({ key: fc.constantFrom('respondents', 'countries', 'languages', 'worldviews', 'heritages'), value: fc.nat(2000) }), { maxLength: 3 }) });
const section = fc.oneof(distribution, headline, fc.record({ count: fc.nat(2000) }), fc.constant(null));

/** Every figure a section releases: counts and shares of released cells, headline values, counts. */
const releasedNumbers = (value: unknown): number[] => {
  if (value === null || typeof value !== 'object') return [];
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.cells)) return (v.cells as StatCell[]).flatMap((c) => ('suppressed' in c ? [] : [c.count, c.percent]));
  if (Array.isArray(v.items)) return (v.items as { value: number }[]).map((i) => i.value);
  return typeof v.count === 'number' ? [v.count] : [];
};

/** A catalogue's sentence with its {{placeholders}} filled (facts with a count are not read here). */
const translator = (code: string) => (key: string, values: Readonly<Record<string, string | number>>) =>
  (CATALOGUES[code] as Readonly<Record<string, string>>)[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('key facts', () => {
  it('say only released figures: never a suppressed cell, never Prefer not to answer as the most common', () => {
    const pages = Object.keys(KEY_FACT_SECTIONS) as KeyFactPage[];
    fc.assert(
      fc.property(fc.constantFrom(...pages), fc.array(section, { minLength: 3, maxLength: 5 }), (page, values) => {
        const sections = Object.fromEntries(KEY_FACT_SECTIONS[page].map((path, i) => [path, values[i % values.length]]));
        const released = new Set(Object.values(sections).flatMap(releasedNumbers));
        const labels = new Set(Object.values(sections).flatMap((s) => (s && typeof s === 'object' && 'cells' in s ? (s as Distribution).cells.filter((c) => !('suppressed' in c) && c.preferNot !== true).map((c) => c.label) : [])));
        for (const fact of keyFactsOf(page, sections)) {
          if ('count' in fact) expect(released.has(fact.count)).toBe(true);
          if ('percent' in fact) expect(released.has(fact.percent)).toBe(true);
          if ('name' in fact) expect(labels.has(fact.name)).toBe(true);
        }
      }),
      { seed: 1616, numRuns: 500 },
    );
  });

  it('withheld sections give no facts', () => {
    for (const page of Object.keys(KEY_FACT_SECTIONS) as KeyFactPage[]) expect(keyFactsOf(page, {})).toEqual([]);
  });

  it('the most common value is the largest released answer', () => {
    const d: Distribution = {
      total: 50, multiple: false,
      cells: [
        { key: 'a', label: 'A', count: 10, percent: 20 },
        { key: 'p', label: 'Prefer not to answer', count: 30, percent: 60, preferNot: true },
        { key: 'h', label: 'H', suppressed: true, threshold: 5 },
      ],
    };
    expect(topCell(d)?.label).toBe('A');
    expect(keyFactsOf('worldviews', { 'worldview/worldviews': d, 'worldview/row-one': { items: [{ key: 'worldviews', value: 1 }] } })).toEqual([{ key: 'fact_top_worldview', name: 'A', percent: 20 }]);
  });

  it('never say 100% or 0% of a selection: a share that reads 100% is "nearly everyone", one that reads 0% is not said', () => {
    // 6 people, one of them Buddhist: the Buddhist value is below k and not listed, and the
    // Christian figure reaches the total.
    const worldviews: Distribution = { total: 6, multiple: false, cells: [{ key: 'christianity', label: 'Christianity', count: 6, percent: 100 }] };
    const bornAbroad = (percent: number): Distribution => ({ total: 900, multiple: false, cells: [{ key: 'other', label: 'Other', count: 900, percent }] });
    const facts = keyFactsOf('worldviews', { 'worldview/worldviews': worldviews });
    expect(facts).toEqual([{ key: 'fact_top_worldview_nearly_all', name: 'Christianity' }]);
    const say = (code: string) => keyFactSentence(facts[0]!, (key, values) => translator(code)(key, values), numberFormats(code));
    expect(say('en')).toBe("Nearly everyone's worldview is Christianity.");
    expect(say('fr')).toBe('La vision du monde de presque tout le monde est Christianity.');
    for (const code of ['es', 'zh', 'ar']) expect(say(code)).not.toMatch(/100|{{/);
    expect(keyFactsOf('overview', { 'overview/born-country-registration': bornAbroad(100) })).toEqual([{ key: 'fact_born_abroad_nearly_all' }]);
    expect(keyFactSentence({ key: 'fact_born_abroad_nearly_all' }, (key, values) => translator('en')(key, values), numberFormats('en'))).toBe(
      "Nearly everyone was born outside the organisation's country.",
    );
    expect(keyFactsOf('overview', { 'overview/born-country-registration': bornAbroad(99.9) })).toEqual([{ key: 'fact_born_abroad', percent: 99.9 }]);
    expect(keyFactsOf('overview', { 'overview/born-country-registration': bornAbroad(0) })).toEqual([]);
    // A share below 100% is said as before, in the reader's figures.
    const top = keyFactsOf('worldviews', { 'worldview/worldviews': { ...worldviews, total: 8, cells: [{ ...worldviews.cells[0]!, percent: 75 }] } });
    expect(keyFactSentence(top[0]!, (key, values) => translator('en')(key, values), numberFormats('en'))).toBe('The most common worldview is Christianity (75.0%).');
  });

  it('every language has every fact sentence (Arabic with all its plural forms)', () => {
    const factKeys = Object.keys(en).filter((key) => key.startsWith('fact_'));
    expect(factKeys.length).toBeGreaterThan(15);
    for (const code of ['fr', 'es', 'zh', 'ar']) for (const key of factKeys) expect(CATALOGUES[code]![key as keyof typeof en], `${code} ${key}`).toBeTruthy();
    for (const base of ['fact_respondents', 'fact_countries', 'fact_languages', 'fact_worldviews', 'fact_heritages', 'fact_ltc']) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect((CATALOGUES.ar as Record<string, string>)[`${base}_${form}`], `${base}_${form}`).toBeTruthy();
    }
  });
});
