import { CensusUploadMessages } from '../../../../domain/contracts/mutuality';
import type { OfficeRow } from '../officeTables';
import { CensusFileError, NOT_STATED_NAME, countOf, leafIndexes } from './csv';
import type { OfficeReader } from './types';

/**
 * Statistics Canada's Census Profile, 2021 (98-401-X2021001, Canada, CSV): one row per
 * characteristic and area, with `CHARACTERISTIC_NAME` indented by leading spaces to show its
 * place in the topic and `C1_COUNT_TOTAL` the count. The file holds every topic, so the topic is
 * chosen (place-of-birth, language-home, religion, ethnic-origin); its section runs from its
 * "Total - …" row to the next unindented row. Subtotals are left out by the leaf rule.
 */

interface Topic {
  readonly heading: RegExp;
  readonly title: string;
  readonly pillar: 'heritage' | 'country' | 'language' | 'worldview';
  readonly measure: string;
  readonly multiple: boolean;
  readonly note: string;
}

const TOPICS: Readonly<Record<string, Topic>> = {
  'place-of-birth': {
    heading: /^Total - Place of birth for the immigrant population/i,
    title: 'Place of birth for the immigrant population',
    pillar: 'country',
    measure: 'Place of birth (immigrants)',
    multiple: false,
    note: 'Immigrants only: people born in Canada are not in this table, so the comparison is over the countries listed.',
  },
  'language-home': {
    heading: /^Total - Language spoken most often at home/i,
    title: 'Language spoken most often at home',
    pillar: 'language',
    measure: 'Language spoken most often at home',
    multiple: false,
    note: 'Single responses by language; people giving several languages (e.g. "English and French") have no single language in the product list and are reported.',
  },
  religion: {
    heading: /^Total - Religion\b/i,
    title: 'Religion',
    pillar: 'worldview',
    measure: 'Religion',
    multiple: false,
    note: 'Statistics Canada religions added up to ASCRG broad groups; 25% sample data.',
  },
  'ethnic-origin': {
    heading: /^Total - Ethnic or cultural origin/i,
    title: 'Ethnic or cultural origin',
    pillar: 'heritage',
    measure: 'Ethnic or cultural origin (total responses)',
    multiple: true,
    note: 'A person may report several origins, so the shares add up past 100; 25% sample data.',
  },
};

const POPULATION = /^Total - Immigrant status and period of immigration/i;
const NOT_STATED = /^(not stated|not available)$/i;

const column = (header: readonly string[], name: string): number => header.findIndex((cell) => cell.trim().toUpperCase() === name);

export const readStatCan: OfficeReader = (files, options) => {
  const topic = TOPICS[options.table ?? ''];
  if (topic === undefined) throw new CensusFileError(CensusUploadMessages.whichTable(Object.keys(TOPICS).join(', ')));
  if (files.length > 1) throw new CensusFileError(CensusUploadMessages.mixedTables);
  const file = files[0]!;
  const [header = [], ...body] = file.rows;
  const nameAt = column(header, 'CHARACTERISTIC_NAME');
  const countAt = column(header, 'C1_COUNT_TOTAL');
  const geoAt = column(header, 'GEO_NAME');
  const yearAt = column(header, 'CENSUS_YEAR');
  if (nameAt < 0 || countAt < 0) throw new CensusFileError(CensusUploadMessages.notLayout('Statistics Canada Census Profile', file.name));
  // A profile file may hold several areas one after another: the first one is read.
  const area = geoAt < 0 ? undefined : body[0]?.[geoAt];
  const lines = body.filter((cells) => area === undefined || cells[geoAt] === area);
  const start = lines.findIndex((cells) => topic.heading.test((cells[nameAt] ?? '').trim()));
  if (start < 0) throw new CensusFileError(CensusUploadMessages.notLayout('Statistics Canada Census Profile', file.name));
  const indentOf = (cells: readonly string[]): number => /^\s*/.exec(cells[nameAt] ?? '')![0].length;
  const headingIndent = indentOf(lines[start]!);
  const section: { path: string[]; count: number | null }[] = [];
  const stack: { indent: number; name: string }[] = [];
  for (const cells of lines.slice(start + 1)) {
    const indent = indentOf(cells);
    if (indent <= headingIndent) break;
    const name = (cells[nameAt] ?? '').trim();
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    stack.push({ indent, name });
    section.push({ path: stack.map((entry) => entry.name), count: countOf(cells[countAt]) });
  }
  const immigrantStatus = lines.find((cells) => POPULATION.test((cells[nameAt] ?? '').trim()));
  const population = topic.pillar === 'country' ? countOf(immigrantStatus?.[countAt]) : countOf(lines[start]![countAt]);
  const rows: OfficeRow[] = [];
  const unreadable: string[] = [];
  for (const leaf of leafIndexes(section.map((entry) => entry.path))) {
    const { path, count } = section[leaf]!;
    const name = path[path.length - 1]!;
    if (count === null) {
      unreadable.push(`${path.join(' > ')}: (not a count)`);
      continue;
    }
    rows.push({ code: path.join(' > '), name: NOT_STATED.test(name) ? NOT_STATED_NAME : name, count });
  }
  return {
    table: '98-401-X2021001',
    title: `Census Profile, ${topic.title}`,
    year: options.year ?? (Number(lines[0]?.[yearAt]) || 2021),
    pillar: topic.pillar,
    measure: topic.measure,
    rows,
    unreadable,
    population,
    multiple: topic.multiple,
    rest: topic.pillar === 'country' || topic.multiple ? 'none' : 'other',
    note: topic.note,
  };
};
