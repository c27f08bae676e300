import { describe, expect, it } from 'vitest';
import type { CompareData } from '../../domain/contracts/compare';
import { markEnglishHeritages } from '../../src/features/dashboards/CompareInternalPage';

const cell = (key: string, label: string) => ({ key, label, count: 10, percent: 50 });

describe('Compare → Internal heritages in another language', () => {
  it('marks a heritage the page has no name for as English, leaves a named one and the other pillars alone', () => {
    const tops = { heritage: [cell('7', 'English'), cell('9', 'Préfère ne pas répondre')], country: [cell('3', 'Australia')], language: [], worldview: [] };
    const data = { selections: [{ status: 200, tops }, { status: 204 }] } as unknown as CompareData;
    const marked = markEnglishHeritages(data, new Map([['9', 'Préfère ne pas répondre']]));
    const [first, second] = marked.selections as unknown as [{ tops: typeof tops }, unknown];
    expect(first.tops.heritage).toEqual([{ ...cell('7', 'English'), untranslated: true }, cell('9', 'Préfère ne pas répondre')]);
    expect(first.tops.country).toEqual([cell('3', 'Australia')]);
    expect(second).toEqual({ status: 204 });
  });
});
