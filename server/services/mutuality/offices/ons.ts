import { CensusUploadMessages } from '../../../../domain/contracts/mutuality';
import type { OfficeRow } from '../officeTables';
import { CensusFileError, NOT_STATED_NAME, countOf, leafIndexes } from './csv';
import type { OfficeReader } from './types';

/**
 * The ONS Census 2021 topic summaries as Nomis publishes them in bulk ("census2021-ts004-ctry.csv"):
 * columns `date`, `geography`, `geography code`, then one column per category, named by its path
 * in the classification ("Country of birth: Europe: United Kingdom; measures: Value"), a row per
 * area. England and Wales are added up (or the E&W row, K04000001, is taken when there is one);
 * subtotals ("Country of birth: Europe") are left out by the leaf rule.
 */

const TABLES: Readonly<Record<string, { title: string; pillar: 'heritage' | 'country' | 'language' | 'worldview'; measure: string; note: string }>> = {
  TS004: { title: 'Country of birth', pillar: 'country', measure: 'Country of birth', note: 'ONS perturbs every cell (cell key), so the parts rarely add up exactly to the total.' },
  TS021: { title: 'Ethnic group', pillar: 'heritage', measure: 'Ethnic group', note: 'The 20 ONS ethnic groups, one a person; the broad "White: English, Welsh, Scottish, Northern Irish or British" group has no single heritage in the product list.' },
  TS024: { title: 'Main language (detailed)', pillar: 'language', measure: 'Main language', note: "The person's main language, not the languages spoken at home. ONS perturbs every cell." },
  TS030: { title: 'Religion', pillar: 'worldview', measure: 'Religion', note: 'ONS religions added up to ASCRG broad groups. The question is voluntary; "Not answered" is left out like not stated.' },
};

const NOT_STATED = /^(not answered|does not apply)$/i;
const ENGLAND_AND_WALES = 'K04000001';

export const readOns: OfficeReader = (files, options) => {
  const fromName = files.map((file) => /ts0?(\d{3})/i.exec(file.name)?.[1]).find((id) => id !== undefined);
  const id = (options.table ?? (fromName === undefined ? '' : `TS${fromName}`)).toUpperCase();
  const table = TABLES[id];
  if (table === undefined) throw new CensusFileError(CensusUploadMessages.whichTable(Object.keys(TABLES).join(', ')));
  if (files.length > 1) throw new CensusFileError(CensusUploadMessages.mixedTables);
  const file = files[0]!;
  const [header = [], ...body] = file.rows;
  const codeColumn = header.findIndex((cell) => cell.toLowerCase() === 'geography code');
  const dateColumn = header.findIndex((cell) => cell.toLowerCase() === 'date');
  if (codeColumn < 0) throw new CensusFileError(CensusUploadMessages.notLayout('ONS (Nomis)', file.name));
  const whole = body.filter((cells) => cells[codeColumn]?.trim() === ENGLAND_AND_WALES);
  const areas = whole.length > 0 ? whole : body;
  const paths: string[][] = [];
  const columns: number[] = [];
  let population: number | null = null;
  header.forEach((cell, index) => {
    if (index <= codeColumn) return;
    const path = cell.replace(/;\s*measures:\s*Value$/i, '').split(/:\s+/).slice(1).map((part) => part.trim());
    if (path.length === 0) return;
    if (/^Total\b/i.test(path[0]!)) {
      population = areas.reduce<number | null>((sum, cells) => (sum === null || countOf(cells[index]) === null ? null : sum + countOf(cells[index])!), 0);
      return;
    }
    paths.push(path);
    columns.push(index);
  });
  if (paths.length === 0) throw new CensusFileError(CensusUploadMessages.notLayout('ONS (Nomis)', file.name));
  const rows: OfficeRow[] = [];
  const unreadable: string[] = [];
  for (const leaf of leafIndexes(paths)) {
    const path = paths[leaf]!;
    const name = path[path.length - 1]!;
    const counts = areas.map((cells) => countOf(cells[columns[leaf]!]));
    if (counts.some((count) => count === null)) {
      unreadable.push(`${path.join(': ')}: (not a count)`);
      continue;
    }
    rows.push({ code: path.join(': '), name: NOT_STATED.test(name) ? NOT_STATED_NAME : name, count: counts.reduce<number>((sum, count) => sum + count!, 0) });
  }
  const year = options.year ?? (Number(areas[0]?.[dateColumn]) || 2021);
  return { table: id, title: table.title, year, pillar: table.pillar, measure: table.measure, rows, unreadable, population, multiple: false, rest: 'other', note: table.note };
};
