import { CensusUploadMessages } from '../../../../domain/contracts/mutuality';
import type { OfficeRow } from '../officeTables';
import { CensusFileError, countOf, leafIndexes } from './csv';
import type { OfficeReader } from './types';

/**
 * American Community Survey detailed tables as data.census.gov exports them
 * ("ACSDT5Y2022.B05006-Data.csv"): a first header row of variable ids (GEO_ID, NAME,
 * B05006_001E, B05006_001M…), a second of labels ("Estimate!!Total:!!Europe:!!Northern
 * Europe:!!Ireland"), then a row per area (0100000US for the United States). Estimates are read,
 * margins of error left aside; a label's path gives the hierarchy, subtotals are left out.
 *
 * - B05006 Place of birth for the foreign-born population (the universe is the foreign-born:
 *   the people to divide by are given);
 * - C16001 Language spoken at home for the population 5 years and over (the languages are the
 *   second level, under each the ability to speak English);
 * - B04006 People reporting ancestry (up to two a person).
 */

const TABLES: Readonly<Record<string, { title: string; pillar: 'heritage' | 'country' | 'language'; measure: string; multiple: boolean; note: string }>> = {
  B05006: {
    title: 'Place of birth for the foreign-born population in the United States',
    pillar: 'country',
    measure: 'Place of birth (foreign-born)',
    multiple: false,
    note: 'The foreign-born only: people born in the United States are not in this table, so the comparison is over the countries listed. Survey estimates with margins of error.',
  },
  C16001: {
    title: 'Language spoken at home for the population 5 years and over',
    pillar: 'language',
    measure: 'Language spoken at home (5 years and over)',
    multiple: false,
    note: 'The ACS groups many languages ("Other Indo-European languages"); a group without one language in the product list is reported. Survey estimates with margins of error.',
  },
  B04006: {
    title: 'People reporting ancestry',
    pillar: 'heritage',
    measure: 'Ancestry (people reporting each)',
    multiple: true,
    note: 'Up to two ancestries a person, so the shares add up past 100. Survey estimates with margins of error.',
  },
};

const UNITED_STATES = '0100000US';

export const readAcs: OfficeReader = (files, options) => {
  if (files.length > 1) throw new CensusFileError(CensusUploadMessages.mixedTables);
  const file = files[0]!;
  const [ids = [], labels = [], ...body] = file.rows;
  const estimates = ids.flatMap((id, index) => {
    const match = /^([BC]\d{5}[A-Z]?)_(\d{3})E$/.exec(id.trim());
    return match === null ? [] : [{ table: match[1]!, index, path: (labels[index] ?? '').split('!!').slice(1).map((part) => part.trim().replace(/:$/, '')) }];
  });
  if (ids[0]?.trim() !== 'GEO_ID' || estimates.length === 0) throw new CensusFileError(CensusUploadMessages.notLayout('ACS (data.census.gov)', file.name));
  const id = estimates[0]!.table;
  const table = TABLES[id];
  if (table === undefined) throw new CensusFileError(CensusUploadMessages.whichTable(Object.keys(TABLES).join(', ')));
  const nation = body.filter((cells) => cells[0]?.trim().endsWith(UNITED_STATES));
  const areas = nation.length > 0 ? nation : body;
  const sum = (index: number): number | null => areas.reduce<number | null>((total, cells) => (total === null || countOf(cells[index]) === null ? null : total + countOf(cells[index])!), 0);
  const total = estimates.find((entry) => entry.path.length === 1);
  const categories = estimates.filter((entry) => entry.path.length > 1);
  // C16001: each language's count is its own row; its children are the ability to speak English.
  const chosen = id === 'C16001' ? categories.filter((entry) => entry.path.length === 2).map((_, index) => index) : leafIndexes(categories.map((entry) => entry.path));
  const pool = id === 'C16001' ? categories.filter((entry) => entry.path.length === 2) : categories;
  const rows: OfficeRow[] = [];
  const unreadable: string[] = [];
  for (const index of chosen) {
    const entry = pool[index]!;
    const count = sum(entry.index);
    const name = entry.path[entry.path.length - 1]!;
    if (count === null) unreadable.push(`${ids[entry.index]} ${name}: (not a count)`);
    else rows.push({ code: ids[entry.index]!.trim(), name, count });
  }
  const year = options.year ?? Number(/ACS(?:DT|ST)?\dY(\d{4})/i.exec(file.name)?.[1] ?? NaN);
  if (!Number.isInteger(year)) throw new CensusFileError(CensusUploadMessages.yearInvalid);
  return {
    table: id,
    title: table.title,
    year,
    pillar: table.pillar,
    measure: table.measure,
    rows,
    unreadable,
    // B05006's total is the foreign-born, not everyone.
    population: id === 'B05006' || total === undefined ? null : sum(total.index),
    multiple: table.multiple,
    rest: id === 'B05006' || table.multiple ? 'none' : 'other',
    note: table.note,
  };
};
