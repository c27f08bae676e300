import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CensusOffice, CensusUploadMessages } from '../../domain/contracts/mutuality';
import { CensusFileError, loadOfficeTable } from '../../server/services/mutuality/offices';
import { newZealand2018 } from '../../server/services/mutuality/officeTables';

/**
 * The readers of the offices' published layouts (server/services/mutuality/offices/), on small
 * files in each layout (tests/fixtures/census/, made-up counts) and on New Zealand's shipped
 * Stats NZ tables written back as the office's CSV.
 */

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'census');
const fixture = (name: string) => ({ name, bytes: readFileSync(join(FIXTURES, name)) });
const load = (office: CensusOffice, names: readonly string[], options: Parameters<typeof loadOfficeTable>[2] = {}) => loadOfficeTable(office, names.map(fixture), options);
const share = (count: number, population: number) => Math.round((count / population) * 10_000) / 100;
const keys = (loaded: ReturnType<typeof loadOfficeTable>) => loaded.pillar.categories.map((category) => category.key);

describe('ABS General Community Profile DataPacks', () => {
  it('reads G09 from two of its parts: persons columns only, the UK nations added up, not stated apart, the rest reported', () => {
    const loaded = load('abs', ['2021Census_G09G_AUS_AUS.csv', '2021Census_G09H_AUS_AUS.csv']);
    expect(loaded.country).toBe('AU');
    expect(loaded.summary).toMatchObject({ office: 'abs', publisher: 'Australian Bureau of Statistics', table: 'G09', year: 2021, pillar: 'country' });
    expect(loaded.summary.files.map((file) => file.name)).toEqual(['2021Census_G09G_AUS_AUS.csv', '2021Census_G09H_AUS_AUS.csv']);
    const byKey = new Map(loaded.pillar.categories.map((category) => [category.key, category]));
    // P_Tot_Tot is the people; age columns (P_England_0_4) are not categories.
    expect(byKey.get('GB')?.share).toBe(share(900_000 + 120_000, 22_540_000));
    expect(byKey.get('CN')?.share).toBe(share(550_000, 22_540_000));
    expect(keys(loaded)[0]).toBe('AU');
    expect(loaded.pillar.notStated).toBe(share(1_700_000, 22_540_000));
    expect(loaded.summary.unmapped.map((row) => row.code)).toEqual(['P_Elsewhere_Tot']);
    expect(loaded.summary.notStated.map((row) => row.code)).toEqual(['P_COB_NS_Tot']);
    expect(loaded.pillar.source.table).toBe('G09: Country of birth of person by age by sex');
    expect(loaded.pillar.source.readFrom).toMatch(/2021Census_G09G_AUS_AUS\.csv \(sha256 [0-9a-f]{64}\)/);
  });

  it('reads G14 onto ASCRG broad groups, leaving the subtotal columns out', () => {
    const loaded = load('abs', ['2021Census_G14_AUS_AUS.csv']);
    const byKey = new Map(loaded.pillar.categories.map((category) => [category.key, category]));
    expect(byKey.get('25')?.share).toBe(share(2_500_000 + 5_000_000 + 85_000 + 3_500_000, 25_400_000));
    expect(byKey.get('65')?.share).toBe(share(210_000, 25_400_000));
    expect(byKey.get('85')?.share).toBe(share(120_000, 25_400_000));
    expect(byKey.get('95')?.share).toBe(share(9_800_000 + 80_000, 25_400_000));
    expect([...byKey.keys()].sort()).toEqual(['15', '25', '35', '45', '55', '65', '85', '95']);
    expect(loaded.summary.unmapped).toEqual([]);
    expect(loaded.summary.rows).toBe(13);
  });

  it('asks for the people of G08, which counts responses, then maps the ancestries', () => {
    expect(() => load('abs', ['2021Census_G08_AUS_AUS.csv'])).toThrow(CensusUploadMessages.populationNeeded);
    const loaded = load('abs', ['2021Census_G08_AUS_AUS.csv'], { population: 25_422_788 });
    expect(loaded.pillar).toMatchObject({ pillar: 'heritage', multiple: true, rest: 'none' });
    expect(loaded.pillar.categories.find((category) => category.label === 'Chinese')?.share).toBe(share(1_390_000, 25_422_788));
    expect(loaded.summary.unmapped.map((row) => row.name)).toContain('Oth');
    expect(loaded.summary.notStated.map((row) => row.code)).toEqual(['Ancestry_NS_Tot_Resp']);
  });
});

describe('ONS topic summaries (Nomis bulk files)', () => {
  it('adds England and Wales up for TS004 and reports the regions that are not one country', () => {
    const loaded = load('ons', ['census2021-ts004-ctry.csv']);
    expect(loaded.country).toBe('GB');
    expect(loaded.summary).toMatchObject({ table: 'TS004', year: 2021, licence: { name: 'Open Government Licence v3.0' } });
    expect(loaded.pillar.categories).toEqual([expect.objectContaining({ key: 'GB', share: share(46_000_000 + 2_900_000, 56_490_000 + 3_108_000) })]);
    // Subtotals (Europe, EU countries) are not categories; the leaves that are regions are reported.
    expect(loaded.summary.unmapped.map((row) => row.name).sort()).toEqual(['Africa', 'British Overseas', 'European Union EU14', 'European Union EU8', 'Middle East and Asia']);
  });

  it('maps the TS021 ethnic groups that are one heritage and reports the broad ones', () => {
    const loaded = load('ons', ['census2021-ts021-ctry.csv']);
    expect(loaded.pillar).toMatchObject({ pillar: 'heritage', measure: 'Ethnic group', multiple: false });
    const labels = new Map(loaded.pillar.categories.map((category) => [category.label, category.share]));
    expect(labels.get('Indian')).toBe(share(1_840_000 + 21_000, 52_240_000));
    expect(labels.get('Chinese')).toBe(share(430_000 + 15_000, 52_240_000));
    expect(loaded.summary.unmapped.map((row) => row.name)).toEqual(expect.arrayContaining(['English, Welsh, Scottish, Northern Irish or British', 'Other Asian', 'Any other ethnic group']));
    // Only leaves: "Asian, Asian British or Asian Welsh" is their sum, never a category.
    expect(loaded.summary.rows).toBe(10);
  });

  it('maps TS030 religions onto ASCRG broad groups with "Not answered" apart', () => {
    const loaded = load('ons', ['census2021-ts030-ctry.csv']);
    const population = 56_490_000 + 3_108_000;
    const byKey = new Map(loaded.pillar.categories.map((category) => [category.key, category.share]));
    expect(byKey).toEqual(
      new Map([
        ['25', share(27_550_000, population)],
        ['95', share(22_150_000, population)],
        ['45', share(3_866_000, population)],
        ['35', share(1_040_000, population)],
        ['65', share(524_000, population)],
        ['85', share(355_000, population)],
        ['15', share(280_000, population)],
        ['55', share(272_000, population)],
      ]),
    );
    expect(loaded.pillar.notStated).toBe(share(3_561_000, population));
  });
});

describe('Statistics Canada Census Profile 98-401-X2021001', () => {
  it('reads the chosen topic of a Windows-1252 profile by its indentation', () => {
    const religion = load('statcan', ['98-401-X2021001_English_CSV_data.csv'], { table: 'religion' });
    expect(religion.summary).toMatchObject({ table: '98-401-X2021001', title: 'Census Profile, Religion', year: 2021, country: 'CA' } as never);
    const byKey = new Map(religion.pillar.categories.map((category) => [category.key, category.share]));
    // Anglican, Catholic, "Christian, n.o.s." and the other Christian traditions are Christianity.
    expect(byKey.get('25')).toBe(share(1_130_000 + 10_880_000 + 3_280_000 + 4_080_000, 36_328_480));
    expect(byKey.get('85')).toBe(share(81_000 + 210_000, 36_328_480));
    expect(religion.summary.unmapped).toEqual([]);

    const origins = load('statcan', ['98-401-X2021001_English_CSV_data.csv'], { table: 'ethnic-origin' });
    expect(origins.pillar).toMatchObject({ pillar: 'heritage', multiple: true });
    // A suppressed cell ("x") is reported, never read as 0; the accented name survives the decoding.
    expect(origins.summary.unreadable).toEqual(['Métis: (not a count)']);
  });

  it('reads place of birth over the immigrants, against everyone in private households', () => {
    const loaded = load('statcan', ['98-401-X2021001_English_CSV_data.csv'], { table: 'place-of-birth' });
    expect(loaded.pillar.rest).toBe('none');
    expect(loaded.pillar.categories.find((category) => category.key === 'IN')?.share).toBe(share(900_000, 36_328_480));
    expect(loaded.summary.unmapped.map((row) => row.name)).toEqual(['Other places of birth in Asia']);
  });

  it('says which topics there are when none is chosen', () => {
    expect(() => load('statcan', ['98-401-X2021001_English_CSV_data.csv'])).toThrow(CensusUploadMessages.whichTable('place-of-birth, language-home, religion, ethnic-origin'));
  });
});

describe('American Community Survey tables (data.census.gov)', () => {
  it('reads B05006 leaves, asking for the people since the table holds the foreign-born only', () => {
    expect(() => load('acs', ['ACSDT5Y2022.B05006-Data.csv'])).toThrow(CensusUploadMessages.populationNeeded);
    const loaded = load('acs', ['ACSDT5Y2022.B05006-Data.csv'], { population: 331_000_000 });
    expect(loaded.summary).toMatchObject({ table: 'B05006', year: 2022, country: 'US' } as never);
    const byKey = new Map(loaded.pillar.categories.map((category) => [category.key, category.share]));
    expect(byKey.get('GB')).toBe(share(150_000 + 440_000 + 90_000, 331_000_000));
    expect(byKey.get('MX')).toBe(share(10_700_000, 331_000_000));
    expect(byKey.get('HK')).toBe(share(220_000, 331_000_000));
    expect(byKey.get('CN')).toBe(share(2_000_000, 331_000_000));
    expect(loaded.summary.unmapped.map((row) => row.name)).toEqual(['Other Northern Europe']);
  });

  it('reads C16001 by language, not by ability to speak English', () => {
    const loaded = load('acs', ['ACSDT5Y2022.C16001-Data.csv']);
    const byKey = new Map(loaded.pillar.categories.map((category) => [category.key, category.share]));
    expect(byKey.get('eng')).toBe(share(245_000_000, 313_000_000));
    expect(byKey.get('spa')).toBe(share(41_500_000, 313_000_000));
    expect(byKey.get('zho')).toBe(share(3_400_000, 313_000_000));
    expect(byKey.get('tgl')).toBe(share(1_700_000, 313_000_000));
    expect(loaded.summary.unmapped.map((row) => row.name)).toEqual(['Other Indo-European languages']);
  });
});

describe('Stats NZ census CSVs', () => {
  /** A shipped table written back in Stats NZ's layout: code, the topic's column, the usual-resident count, the total row. */
  const statsNzCsv = (dataset: 'countryOfBirth' | 'ethnicity' | 'languageSpoken' | 'religion') => {
    const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../server/services/mutuality/tables/NZ-2018.json'), 'utf8')) as {
      datasets: Record<string, { table: { file: string; columns: string[] }; categories: { code: string; name: string; count: number }[] }>;
    };
    const table = file.datasets[dataset]!;
    const quote = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    const lines = [`Code,${table.table.columns[1]},Census_usually_resident_population_count`, ...table.categories.map((row) => `${row.code},${quote(row.name)},${row.count}`)];
    if (dataset === 'countryOfBirth') lines.push('Total,Total,4699755');
    return { name: table.table.file, bytes: Buffer.from(`${lines.join('\r\n')}\r\n`) };
  };

  it('loads the four 2018 tables to the categories the product ships', () => {
    const shipped = newZealand2018().dataset.pillars;
    for (const [dataset, pillar] of [['countryOfBirth', 'country'], ['ethnicity', 'heritage'], ['languageSpoken', 'language'], ['religion', 'worldview']] as const) {
      const csv = statsNzCsv(dataset);
      const loaded = dataset === 'countryOfBirth' ? loadOfficeTable('statsnz', [csv]) : loadOfficeTable('statsnz', [csv], { population: 4_699_755 });
      expect(loaded.country).toBe('NZ');
      expect(loaded.summary.year).toBe(2018);
      const expected = shipped.find((each) => each.pillar === pillar)!;
      expect(loaded.pillar.categories, dataset).toEqual(expected.categories);
      expect(loaded.pillar.notStated).toBe(expected.notStated);
    }
  });

  it('asks for the people of a total-responses table', () => {
    expect(() => loadOfficeTable('statsnz', [statsNzCsv('religion')])).toThrow(CensusUploadMessages.populationNeeded);
  });
});

describe('a file that is not an office table', () => {
  it('is refused with a sentence naming the file, never a crash', () => {
    const refusal = (office: CensusOffice, name: string, bytes: Buffer) => {
      try {
        loadOfficeTable(office, [{ name, bytes }], { table: 'religion' });
      } catch (error) {
        expect(error).toBeInstanceOf(CensusFileError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal('abs', 'not-a-table.csv', readFileSync(join(FIXTURES, 'not-a-table.csv')))).toBe(CensusUploadMessages.notCsv('not-a-table.csv'));
    expect(refusal('ons', 'empty.csv', Buffer.alloc(0))).toBe(CensusUploadMessages.emptyFile('empty.csv'));
    expect(refusal('statcan', 'book.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toBe(CensusUploadMessages.notCsv('book.xlsx'));
    // A real table in another office's layout.
    expect(refusal('statcan', 'census2021-ts030-ctry.csv', readFileSync(join(FIXTURES, 'census2021-ts030-ctry.csv')))).toBe(
      CensusUploadMessages.notLayout('Statistics Canada Census Profile', 'census2021-ts030-ctry.csv'),
    );
    expect(refusal('acs', '2021Census_G14_AUS_AUS.csv', readFileSync(join(FIXTURES, '2021Census_G14_AUS_AUS.csv')))).toBe(CensusUploadMessages.notLayout('ACS (data.census.gov)', '2021Census_G14_AUS_AUS.csv'));
  });
});
