import { CensusUploadMessages } from '../../../../domain/contracts/mutuality';
import { NZ_TOPICS, officeRowsOf } from '../officeTables';
import { CensusFileError, countOf } from './csv';
import type { OfficeReader } from './types';

/**
 * Stats NZ's census CSVs ("2018 Census totals by topic – national highlights",
 * "birthplace-2018-census-csv.csv"): a `Code` column, the category's name under the topic's
 * column name (Birthplace, Ethnic_group, Languages_spoken, Religious_affiliation), then count
 * columns; the usual-resident count is read. Stats NZ's own codes place the residual and
 * religion rows (server/services/mutuality/officeTables.ts), as for the shipped 2018 tables.
 */

const TOPIC_OF_COLUMN: Readonly<Record<string, string>> = {
  birthplace: 'countryOfBirth',
  ethnic_group: 'ethnicity',
  languages_spoken: 'languageSpoken',
  religious_affiliation: 'religion',
};
const COUNT_COLUMN = 'Census_usually_resident_population_count';

export const readStatsNz: OfficeReader = (files, options) => {
  if (files.length > 1) throw new CensusFileError(CensusUploadMessages.mixedTables);
  const file = files[0]!;
  const header = file.rows[0] ?? [];
  const dataset = TOPIC_OF_COLUMN[(header[1] ?? '').trim().toLowerCase()];
  const topic = NZ_TOPICS.find((each) => each.dataset === dataset);
  if ((header[0] ?? '').trim().toLowerCase() !== 'code' || topic === undefined) throw new CensusFileError(CensusUploadMessages.notLayout('Stats NZ', file.name));
  const countColumn = header.includes(COUNT_COLUMN) ? COUNT_COLUMN : undefined;
  const { rows, unreadable } = officeRowsOf(file.rows, countColumn);
  const countAt = countColumn === undefined ? header.length - 1 : header.indexOf(countColumn);
  // Birthplace is one answer a person: its Total row is the people. The other tables count responses.
  const totalRow = file.rows.find((cells) => /^total$/i.test((cells[1] ?? '').trim()) || /^total$/i.test((cells[0] ?? '').trim()));
  const multiple = topic.dataset !== 'countryOfBirth';
  const table = /^(.+?)-csv(?:\.csv)?$/i.exec(file.name)?.[1] ?? file.name.replace(/\.csv$/i, '');
  return {
    table,
    title: topic.measure,
    year: options.year ?? Number(/-(\d{4})-census/i.exec(file.name)?.[1] ?? 2018),
    pillar: topic.pillar,
    measure: topic.measure,
    rows,
    unreadable,
    population: multiple ? null : countOf(totalRow?.[countAt]),
    multiple,
    rest: multiple ? 'none' : 'other',
    note: topic.note,
    resolve: topic.resolve,
  };
};
