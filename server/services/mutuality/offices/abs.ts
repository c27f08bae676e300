import { CensusUploadMessages } from '../../../../domain/contracts/mutuality';
import type { OfficeRow } from '../officeTables';
import { CensusFileError, NOT_STATED_NAME, type OfficeFile, countOf, leafIndexes } from './csv';
import type { OfficeReader } from './types';

/**
 * The ABS Census DataPacks (General Community Profile, short headers): one CSV per table or
 * table part ("2021Census_G09A_AUS_AUS.csv"), a row per area (the first column its code, "AUS"
 * for Australia) and a column per cell, named by abbreviated category, sex and age:
 *
 * - G08 Ancestry by country of birth of parents: `<Ancestry>_Tot_Resp` (responses, up to two a person);
 * - G09 Country of birth of person by age by sex (parts A to H): `P_<Country>_Tot`, or M_ and F_;
 * - G13 Language used at home by proficiency in spoken English by sex (parts A to E): `P_<Language>_Tot`;
 * - G14 Religious affiliation by sex: `<Religion>_P`.
 *
 * Subtotal columns (`P_Chin_lang_Tot` over `P_Chin_lang_Mandarin_Tot`, `Christianity_Tot_P`) are
 * left out by the leaf rule; the names keep the ABS abbreviations, so what cannot be matched is
 * reported rather than guessed.
 */

interface AbsTable {
  readonly title: string;
  readonly pillar: 'heritage' | 'country' | 'language' | 'worldview';
  readonly measure: string;
  /** The category a column holds the persons count of, or undefined for another column. */
  readonly category: (column: string) => string | undefined;
  readonly multiple: boolean;
  readonly note: string;
}

const persons = (column: string): string | undefined => /^P_(.+)_Tot$/.exec(column)?.[1];

const TABLES: Readonly<Record<string, AbsTable>> = {
  G08: {
    title: 'Ancestry by country of birth of parents',
    pillar: 'heritage',
    measure: 'Ancestry (total responses)',
    category: (column) => /^(.+)_Tot_Resp$/i.exec(column)?.[1],
    multiple: true,
    note: 'Up to two ancestries a person: the table counts responses, so the shares add up past 100. The ABS perturbs every cell.',
  },
  G09: {
    title: 'Country of birth of person by age by sex',
    pillar: 'country',
    measure: 'Country of birth',
    category: persons,
    multiple: false,
    note: 'The ABS perturbs every cell, so the parts rarely add up exactly to the total.',
  },
  G13: {
    title: 'Language used at home by proficiency in spoken English by sex',
    pillar: 'language',
    measure: 'Language used at home',
    category: persons,
    multiple: false,
    note: 'The language used at home, one a person. The ABS perturbs every cell.',
  },
  G14: {
    title: 'Religious affiliation by sex',
    pillar: 'worldview',
    measure: 'Religious affiliation',
    category: (column) => /^(.+)_P$/.exec(column)?.[1],
    multiple: false,
    note: 'ABS religious groups added up to ASCRG broad groups. The ABS perturbs every cell.',
  },
};

const TOTAL = /^Tot(?:_|$)|_Tot$|^Total/i;
const NOT_STATED = /(?:^|_)NS$|_ns$|_ns_|not_stated/i;

const tableOf = (files: readonly OfficeFile[], asked: string | undefined): string => {
  const named = files.map((file) => /(?:^|[_\W])(G(?:08|09|13|14))[A-H]?(?=[_\W]|$)/i.exec(file.name)?.[1]?.toUpperCase());
  const ids = new Set(named.filter((id): id is string => id !== undefined));
  if (asked !== undefined && asked !== '') {
    const id = asked.toUpperCase().replace(/[A-H]$/, '');
    if (TABLES[id] === undefined) throw new CensusFileError(CensusUploadMessages.whichTable(Object.keys(TABLES).join(', ')));
    return id;
  }
  if (ids.size > 1) throw new CensusFileError(CensusUploadMessages.mixedTables);
  const [id] = ids;
  if (id === undefined) throw new CensusFileError(CensusUploadMessages.whichTable(Object.keys(TABLES).join(', ')));
  return id;
};

/** The columns of every part, each added up over the file's areas (one row, "AUS", for Australia). */
const columnsOf = (files: readonly OfficeFile[]): Map<string, number | null> => {
  const totals = new Map<string, number | null>();
  for (const file of files) {
    const [header = [], ...body] = file.rows;
    if (!/_CODE_\d{4}$/i.test(header[0] ?? '')) throw new CensusFileError(CensusUploadMessages.notLayout('ABS DataPack', file.name));
    const australia = body.filter((cells) => cells[0]?.trim().toUpperCase() === 'AUS');
    for (const cells of australia.length > 0 ? australia : body) {
      header.forEach((column, index) => {
        if (index === 0) return;
        const count = countOf(cells[index]);
        const before = totals.get(column);
        totals.set(column, before === null || count === null ? null : (before ?? 0) + count);
      });
    }
  }
  return totals;
};

export const readAbs: OfficeReader = (files, options) => {
  const id = tableOf(files, options.table);
  const table = TABLES[id]!;
  const year = options.year ?? Number(/^(\d{4})Census_/i.exec(files[0]?.name ?? '')?.[1] ?? 2021);
  const columns = columnsOf(files);
  let population: number | null = null;
  const found: { column: string; name: string; count: number | null }[] = [];
  // G09 and G13 parts without persons columns are read as males plus females.
  const bySex = id !== 'G14' && id !== 'G08' && ![...columns.keys()].some((column) => persons(column) !== undefined);
  for (const [column, count] of columns) {
    const name = bySex ? /^M_(.+)_Tot$/.exec(column)?.[1] : table.category(column);
    if (name === undefined) continue;
    const female = bySex ? (columns.get(`F_${name}_Tot`) ?? null) : 0;
    const total = count === null || female === null ? null : count + female;
    if (TOTAL.test(name)) {
      if (/^Tot(?:_P)?$/i.test(name)) population = total;
      continue;
    }
    found.push({ column, name, count: total });
  }
  if (found.length === 0) throw new CensusFileError(CensusUploadMessages.notLayout('ABS DataPack', files[0]?.name ?? ''));
  const leaves = leafIndexes(found.map((entry) => entry.name.split('_')));
  const rows: OfficeRow[] = [];
  const unreadable: string[] = [];
  for (const index of leaves) {
    const entry = found[index]!;
    if (entry.count === null) {
      unreadable.push(`${entry.column}: (not a count)`);
      continue;
    }
    rows.push({ code: entry.column, name: NOT_STATED.test(entry.name) ? NOT_STATED_NAME : entry.name.replace(/_/g, ' '), count: entry.count });
  }
  return {
    table: id,
    title: table.title,
    year,
    pillar: table.pillar,
    measure: table.measure,
    rows,
    unreadable,
    // G08 counts responses: the people are not in the table.
    population: table.multiple ? null : population,
    multiple: table.multiple,
    rest: table.multiple ? 'none' : 'other',
    note: table.note,
  };
};
