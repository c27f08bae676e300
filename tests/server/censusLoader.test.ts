import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCensusLoad } from '../../server/services/operator/censusCli';
import { countryDatasets } from '../../server/services/mutuality/datasets';
import { mapOfficeTable, newZealand2018, officeRowsOf } from '../../server/services/mutuality/officeTables';

/**
 * The census loader (docs/dashboards.md): an office's table file mapped onto the lookup lists with
 * a report of what did not map, and New Zealand's four Stats NZ tables as shipped.
 */

const folder = mkdtempSync(join(tmpdir(), 'census-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A small birthplace table in Stats NZ's layout: code, name, census-night and usual-resident counts, a total row. */
const BIRTHPLACE = [
  'Code,Birthplace,Census_night_population_count,Census_usually_resident_population_count',
  '0001,At sea,15,15',
  '1201,New Zealand,3400002,3370122',
  '2101,England,212001,210915',
  '2102,Scotland,26400,26136',
  '7103,India,118002,117348',
  '5201,"China, People\'s Republic of",132906,132906',
  '9999,Not stated,31002,30000',
  '4203,Qatar,..C,..C',
  'Total,Total,3919328,3887442',
].join('\r\n');

describe('an office table mapped onto a lookup list', () => {
  it('adds up the categories of one country, keeps not stated apart, reports what did not map and what it could not read', () => {
    const table = BIRTHPLACE.split('\r\n').map((line) => line.match(/("[^"]*"|[^,]+)/g)!.map((cell) => cell.replace(/^"|"$/g, '')));
    const { rows, unreadable } = officeRowsOf(table);
    expect(unreadable).toEqual(['4203 Qatar: ..C']);
    expect(rows.map((row) => row.name)).not.toContain('Total');
    const mapped = mapOfficeTable(rows, 'countries', 3_887_442);
    const byKey = new Map(mapped.categories.map((category) => [category.key, category]));
    // England and Scotland are the United Kingdom, their counts added and said.
    expect(byKey.get('GB')).toMatchObject({ label: 'United Kingdom', share: Math.round(((210_915 + 26_136) / 3_887_442) * 10_000) / 100 });
    expect(byKey.get('GB')!.computed).toBe('England 210,915 + Scotland 26,136, of 3,887,442');
    expect(byKey.get('CN')?.computed).toBe('132,906 of 3,887,442');
    expect(mapped.notStated).toBe(Math.round((30_000 / 3_887_442) * 10_000) / 100);
    expect(mapped.report.unmapped.map((row) => row.name)).toEqual(['At sea']);
    expect(mapped.report).toMatchObject({ list: 'countries', rows: 7, mapped: 5 });
    // Largest first.
    expect(mapped.categories.map((category) => category.key)).toEqual(['NZ', 'GB', 'CN', 'IN']);
  });

  it('maps a language table and an ethnic group table by the names the office prints', () => {
    const languages = mapOfficeTable(
      [
        { code: '11111', name: 'Northern Chinese', count: 95_253 },
        { code: '11112', name: 'Yue', count: 52_767 },
        { code: '37100', name: 'Māori', count: 185_955 },
        { code: '99999', name: 'Not stated', count: 100 },
        { code: '21100', name: 'Sinitic not further defined', count: 51_501 },
      ],
      'languages',
      4_699_755,
    );
    expect(languages.categories.map((category) => category.key).sort()).toEqual(['cmn', 'mri', 'yue']);
    expect(languages.report.unmapped.map((row) => row.name)).toEqual(['Sinitic not further defined']);
    const heritages = mapOfficeTable([{ code: '43100', name: 'Chinese nfd', count: 231_387 }, { code: '32100', name: 'Samoan', count: 182_721 }], 'ethnicities', 4_699_755);
    expect(heritages.categories.map((category) => category.key).sort()).toEqual(['ascceg:1504', 'ascceg:6101']);
  });

  it('runs as an operator command: the dataset written with the file’s sha256, the report printed', async () => {
    const file = join(folder, 'birthplace-2018-census-csv.csv');
    const out = join(folder, 'nz-birthplace.json');
    writeFileSync(file, BIRTHPLACE);
    const said = await runCensusLoad([file, '--list', 'countries', '--office', 'Stats NZ', '--table', 'birthplace-2018-census', '--year', '2018', '--country', 'NZ', '--population', '3887442', '--out', out]);
    expect(said).toMatch(/^Stats NZ birthplace-2018-census \(2018\): 7 categories, 5 mapped onto countries as 4 items, 1 not stated/);
    expect(said).toContain('  0001 At sea: 15');
    expect(said).toContain('  4203 Qatar: ..C');
    const written = JSON.parse(readFileSync(out, 'utf8')) as { readFrom: { file: string; sha256: string }; office: string; year: number; categories: { key: string }[] };
    expect(written).toMatchObject({ office: 'Stats NZ', year: 2018, readFrom: { file: 'birthplace-2018-census-csv.csv' } });
    expect(written.readFrom.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(written.categories.map((category) => category.key)).toEqual(['NZ', 'GB', 'CN', 'IN']);
    await expect(runCensusLoad([file, '--list', 'religions'])).rejects.toThrow(/census:load/);
  });
});

describe('the census datasets the product ships', () => {
  it('every census figure names its office, table and year, and none comes from another website', () => {
    const FORBIDDEN = /mmvisa|worldfactbook|nriaffairs|ethnolink|lexigo|independent\.co\.uk|freemalaysiatoday|theworlddata|receivinghelpdesk|jbhe|ehinz/;
    for (const dataset of countryDatasets().values()) {
      for (const { source } of dataset.pillars) {
        expect(JSON.stringify(source)).not.toMatch(FORBIDDEN);
        expect(source.table.length, `${dataset.code} ${source.measure}`).toBeGreaterThan(0);
        expect(source.readFrom.length).toBeGreaterThan(0);
        if (source.kind === 'census') {
          expect(source.year, `${dataset.code} ${source.measure}`).toBeGreaterThanOrEqual(2018);
          expect(source.name).toMatch(/ census$/);
          for (const url of source.urls) expect(url).toMatch(/^https:\/\/(www\.|www150\.)?(abs\.gov\.au|ons\.gov\.uk|statcan\.gc\.ca|stats\.govt\.nz|content\.govdelivery\.com\/accounts\/UKONS)\//);
        } else {
          // CLDR's shares are estimates, never a census.
          expect(source.name).toMatch(/^Unicode CLDR \d+ language estimates$/);
          expect(source.year).toBeNull();
        }
      }
    }
    expect(countryDatasets().get('US')!.missing.find((gap) => gap.pillar === 'worldview')).toMatchObject({ reason: 'not-collected' });
  });

  it('holds New Zealand’s four Stats NZ tables in full, most of each mapped', () => {
    const { dataset, reports } = newZealand2018();
    expect(reports.map((report) => report.rows)).toEqual([185, 276, 196, 163]);
    // What did not map is small: regions "not further defined" and families such as "Sinitic nfd".
    for (const report of reports) expect(report.mapped / report.rows, report.list).toBeGreaterThan(0.55);
    const religion = dataset.pillars.find((pillar) => pillar.pillar === 'worldview')!;
    expect(religion.categories.map((category) => category.key).sort()).toEqual(['15', '25', '35', '45', '55', '65', '85', '95']);
    const birth = dataset.pillars.find((pillar) => pillar.pillar === 'country')!;
    expect(birth.categories.find((category) => category.key === 'NZ')!.share).toBe(71.71);
  });
});
