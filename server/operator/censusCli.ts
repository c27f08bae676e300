import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { type LoadableList, mapOfficeTable, officeRowsOf } from '../services/mutuality/officeTables';

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

const LISTS: readonly LoadableList[] = ['countries', 'languages', 'ethnicities'];

const readCsv = async (file: string): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  // Every cell kept as the office wrote it (codes such as '0001' keep their zeros).
  const sheet = await workbook.csv.readFile(file, { map: (value: string) => value, parserOptions: { trim: true } } as never);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1).map((cell) => (cell === null || cell === undefined ? '' : String(cell)))));
  return rows;
};

export const runCensusLoad = async (argv: readonly string[]): Promise<string> => {
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
    `${values.office} ${values.table} (${year}): ${report.rows} categories, ${report.mapped} mapped onto ${list} as ${mapped.categories.length} items, ${report.notStated.length} not stated (${mapped.notStated}% of ${population.toLocaleString('en')}).`,
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
