import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { CENSUS_OFFICES, type CensusOffice } from '../../../domain/contracts/mutuality';
import type { Database } from '../../db/database';
import { type LoadableList, mapOfficeTable, officeRowsOf } from '../mutuality/officeTables';
import { type LoadedOfficeTable, loadOfficeTable } from '../mutuality/offices';
import { saveCensusTable } from '../mutuality/stored';
import { openForOperator, operatorConfig } from './openForOperator';

const englishPlural = new Intl.PluralRules('en');
/** "1 item", "4 items": the operator's lines are English only. */
const counted = (count: number, one: string, other: string): string => `${count} ${englishPlural.select(count) === 'one' ? one : other}`;

/**
 * `npm run census:load -- <table.csv> --list countries|languages|ethnicities --office NAME
 *   --table ID --year YYYY --country XX --population N [--count COLUMN] [--url URL] [--out FILE]`
 *
 * Reads a statistical office's published table (a CSV as the office publishes it: a code column,
 * a name column and count columns, e.g. Stats NZ's 2018 national highlights), maps its categories
 * onto the product's lookup list, prints what mapped, what is "not stated" and what did not map,
 * and writes the census dataset with its provenance (office, table, year, the file's name and
 * sha256, the address) as JSON for review before it is shipped (docs/dashboards.md).
 */
export const CENSUS_USAGE = `npm run census:load -- <table.csv> --list countries|languages|ethnicities --office NAME --table ID --year YYYY --country XX --population N [--count COLUMN] [--url URL] [--out FILE]`;

/**
 * `npm run census:load -- --office abs|ons|statcan|acs|statsnz --file PATH [--file PATH…]
 *   [--table ID] [--year YYYY] [--population N] [--dry-run]`
 *
 * Reads an office's published table in its own layout (server/services/mutuality/offices/),
 * maps it onto the lookup lists, prints the report and stores it as a census dataset for every
 * organisation (an administrator's own upload still wins for theirs). `--dry-run` prints only.
 */
export const OFFICE_USAGE = `npm run census:load -- --office ${CENSUS_OFFICES.join('|')} --file PATH [--file PATH] [--table ID] [--year YYYY] [--population N] [--dry-run]`;

/** The report of a loaded table, as the operator reads it. */
export const describeLoaded = (loaded: LoadedOfficeTable): string[] => {
  const { summary } = loaded;
  const people = (count: number) => count.toLocaleString('en');
  return [
    `${summary.publisher} ${summary.table} (${summary.year}), ${summary.title}: ${counted(summary.rows, 'category', 'categories')}, ${summary.mapped} mapped onto ${loaded.pillar.pillar} as ${counted(summary.items, 'item', 'items')}, ${summary.notStated.length} not stated.`,
    `Licence: ${summary.licence.name}. Files: ${summary.files.map((file) => `${file.name} (sha256 ${file.sha256})`).join(', ')}.`,
    summary.unmapped.length === 0 ? 'Every category mapped.' : `Did not map (${summary.unmapped.length}):`,
    ...summary.unmapped.map((row) => `  ${row.code} ${row.name}: ${people(row.count)}`),
    ...(summary.unreadable.length === 0 ? [] : [`Counts not read (${summary.unreadable.length}):`, ...summary.unreadable.map((line) => `  ${line}`)]),
  ];
};

const runOfficeLoad = async (argv: readonly string[], database: Kysely<Database> | undefined): Promise<string> => {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      office: { type: 'string' },
      file: { type: 'string', multiple: true },
      table: { type: 'string' },
      year: { type: 'string' },
      population: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  const office = values.office as CensusOffice;
  const year = values.year === undefined ? undefined : Number(values.year);
  const population = values.population === undefined ? undefined : Number(values.population.replace(/[\s,]/g, ''));
  if (!CENSUS_OFFICES.includes(office) || (values.file ?? []).length === 0 || (year !== undefined && !Number.isInteger(year)) || (population !== undefined && !(population > 0))) {
    throw new Error(OFFICE_USAGE);
  }
  const files = values.file!.map((path) => ({ name: basename(path), bytes: readFileSync(path) }));
  const loaded = loadOfficeTable(office, files, { ...(values.table === undefined ? {} : { table: values.table }), ...(year === undefined ? {} : { year }), ...(population === undefined ? {} : { population }) });
  const lines = describeLoaded(loaded);
  if (values['dry-run'] === true) return [...lines, 'Not stored (--dry-run).'].join('\n');
  if (database !== undefined) {
    await saveCensusTable(database, { organizationId: null, userId: null }, loaded);
  } else {
    const opened = await openForOperator(operatorConfig());
    try {
      await saveCensusTable(opened.db, { organizationId: null, userId: null }, loaded);
    } finally {
      await opened.close();
    }
  }
  return [...lines, `Stored for every organisation: ${loaded.censusName} ${loaded.summary.year}, ${loaded.pillar.pillar}.`].join('\n');
};

const LISTS: readonly LoadableList[] = ['countries', 'languages', 'ethnicities'];

const readCsv = async (file: string): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  // Every cell kept as the office wrote it (codes such as '0001' keep their zeros).
  const sheet = await workbook.csv.readFile(file, { map: (value: string) => value, parserOptions: { trim: true } } as never);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1).map((cell) => (cell === null || cell === undefined ? '' : String(cell)))));
  return rows;
};

export const runCensusLoad = async (argv: readonly string[], database?: Kysely<Database>): Promise<string> => {
  // An office's own layout (--file): read, mapped and stored. Otherwise the generic table to JSON.
  if (argv.some((arg) => arg === '--file' || arg.startsWith('--file='))) return runOfficeLoad(argv, database);
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      list: { type: 'string' },
      office: { type: 'string' },
      table: { type: 'string' },
      year: { type: 'string' },
      country: { type: 'string' },
      population: { type: 'string' },
      count: { type: 'string' },
      url: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const [file] = positionals;
  const list = values.list as LoadableList | undefined;
  const population = Number(values.population);
  const year = Number(values.year);
  if (file === undefined || list === undefined || !LISTS.includes(list) || !values.office || !values.table || !/^[A-Z]{2}$/.test(values.country ?? '') || !(population > 0) || !Number.isInteger(year)) {
    throw new Error(CENSUS_USAGE);
  }
  const bytes = readFileSync(file);
  const { rows, unreadable } = officeRowsOf(await readCsv(file), values.count);
  const mapped = mapOfficeTable(rows, list, population);
  const dataset = {
    country: values.country,
    year,
    office: values.office,
    table: values.table,
    list,
    population,
    readFrom: { file: basename(file), sha256: createHash('sha256').update(bytes).digest('hex'), url: values.url ?? null },
    notStated: mapped.notStated,
    categories: mapped.categories,
    report: { ...mapped.report, unreadable },
  };
  const out = values.out ?? join(process.cwd(), `census-${values.country!.toLowerCase()}-${year}-${list}.json`);
  writeFileSync(out, `${JSON.stringify(dataset, null, 2)}\n`);
  const report = mapped.report;
  return [
    `${values.office} ${values.table} (${year}): ${counted(report.rows, 'category', 'categories')}, ${report.mapped} mapped onto ${list} as ${counted(mapped.categories.length, 'item', 'items')}, ${report.notStated.length} not stated (${mapped.notStated}% of ${population.toLocaleString('en')}).`,
    report.unmapped.length === 0 ? 'Every category mapped.' : `Did not map (${report.unmapped.length}):`,
    ...report.unmapped.map((row) => `  ${row.code} ${row.name}: ${row.count.toLocaleString('en')}`),
    ...(unreadable.length === 0 ? [] : [`Counts not read (${unreadable.length}):`, ...unreadable.map((line) => `  ${line}`)]),
    `Written: ${out}`,
  ].join('\n');
};

if (process.argv[1] !== undefined && basename(process.argv[1]).startsWith('censusCli')) {
  try {
    console.log(await runCensusLoad(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
