import type { ExportFilters, ExportFormat, ExportPage } from '../../domain/contracts/exports';
import type { Vocabulary } from '../../domain/aiExport/interpret';
import { catalogueNames } from '../../domain/aiExport/interpret';
import { CATALOGUES } from '../../domain/i18n/catalogues';

/**
 * Ordinary requests for the AI export (issue 27), in the five languages the product speaks, each
 * with the reading a person asking it means. They are read against one organisation: five
 * groups and a sub-group, four saved date ranges, a census for Australia and New Zealand, and
 * "today" late in November 2026. A request whose period is not one of the saved ranges, or that
 * names something that is not a group, has the closest reading as its expected one: the
 * interpreter should ask it back (tests/domain/aiExport.test.ts measures both).
 */

export const TODAY = '2026-11-25';

export const GROUP = {
  engineering: '0b6f2a52-1c1e-4d8e-9a53-000000000001',
  sales: '0b6f2a52-1c1e-4d8e-9a53-000000000002',
  operations: '0b6f2a52-1c1e-4d8e-9a53-000000000003',
  peopleCulture: '0b6f2a52-1c1e-4d8e-9a53-000000000004',
  finance: '0b6f2a52-1c1e-4d8e-9a53-000000000005',
  platform: '0b6f2a52-1c1e-4d8e-9a53-000000000006',
} as const;
const EVERY_GROUP = [GROUP.engineering, GROUP.finance, GROUP.operations, GROUP.peopleCulture, GROUP.sales];

const FEMALE = '11';
const MALE = '12';
const NON_BINARY = '13';
const MANAGERS = '21';
const PROFESSIONALS = '22';
const AUSTRALIA = '13';

export const RANGE = { yearToDate: 'range-ytd', thirdQuarter: 'range-q3', year2025: 'range-2025', spring: 'range-spring' } as const;

export const requestVocabulary: Vocabulary = {
  ...catalogueNames(['en', 'fr', 'es', 'ar', 'zh'].map((code) => CATALOGUES[code]!)),
  genders: [
    { id: FEMALE, code: 'female', names: ['Woman or female', 'Femme', 'Mujer', 'امرأة', '女性'] },
    { id: MALE, code: 'male', names: ['Man or male', 'Homme', 'Hombre', 'رجل', '男性'] },
    { id: NON_BINARY, code: 'non_binary', names: ['Non-binary', 'Non binaire', 'No binario', 'غير ثنائي', '非二元'] },
  ],
  positionLevels: [
    { id: MANAGERS, code: '1', names: ['Managers', 'Cadres', 'Directivos', 'المدراء', '经理'] },
    { id: PROFESSIONALS, code: '2', names: ['Professionals', 'Professionnels', 'Profesionales', 'المهنيون', '专业人员'] },
    { id: '26', code: '6', names: ['Sales workers'] },
  ],
  dateRanges: [
    { id: RANGE.yearToDate, label: 'Year to date', type: 'since', value: '2026-01-01' },
    { id: RANGE.thirdQuarter, label: 'Q3 2026', type: 'between', value: '2026-07-01..2026-09-30' },
    { id: RANGE.year2025, label: 'Calendar 2025', type: 'between', value: '2025-01-01..2025-12-31' },
    { id: RANGE.spring, label: 'Spring campaign', type: 'between', value: '2026-03-01..2026-05-31' },
  ],
  organizationName: 'Riverbend Demo Co.',
  otherNames: new Set(['australia', 'new', 'zealand', 'india', 'china', 'france', 'english', 'mandarin', 'arabic', 'spanish']),
  groups: [
    { id: GROUP.engineering, name: 'Engineering', parentId: null },
    { id: GROUP.sales, name: 'Sales', parentId: null },
    { id: GROUP.operations, name: 'Operations', parentId: null },
    { id: GROUP.peopleCulture, name: 'People & Culture', parentId: null },
    { id: GROUP.finance, name: 'Finance', parentId: null },
    { id: GROUP.platform, name: 'Platform', parentId: GROUP.engineering },
  ],
  census: {
    countries: [
      { id: AUSTRALIA, names: ['Australia', 'Australie', 'أستراليا', '澳大利亚'] },
      { id: '153', names: ['New Zealand', 'Nouvelle-Zélande', 'Nueva Zelanda', 'نيوزيلندا', '新西兰'] },
    ],
    defaultId: AUSTRALIA,
  },
};

/** The reading a request means: pages (each with its cards, none meaning all), filters, format, groups side by side, census. */
export interface ExpectedReading {
  readonly pages: readonly (readonly [ExportPage, ...string[]])[];
  readonly filter?: ExportFilters;
  readonly format?: ExportFormat;
  readonly groups?: readonly string[];
  readonly census?: string;
}

export interface RequestCase {
  readonly language: 'en' | 'fr' | 'es' | 'ar' | 'zh';
  readonly prompt: string;
  readonly expected: ExpectedReading;
}

const ytd = { 'date-tag': RANGE.yearToDate };
const q3 = { 'date-tag': RANGE.thirdQuarter };
const in2025 = { 'date-tag': RANGE.year2025 };

const en = (prompt: string, expected: ExpectedReading): RequestCase => ({ language: 'en', prompt, expected });
const fr = (prompt: string, expected: ExpectedReading): RequestCase => ({ language: 'fr', prompt, expected });
const es = (prompt: string, expected: ExpectedReading): RequestCase => ({ language: 'es', prompt, expected });
const ar = (prompt: string, expected: ExpectedReading): RequestCase => ({ language: 'ar', prompt, expected });
const zh = (prompt: string, expected: ExpectedReading): RequestCase => ({ language: 'zh', prompt, expected });

export const REQUESTS: readonly RequestCase[] = [
  // English, the four first.
  en('share of staff born outside Australia by group', { pages: [['country-birth']], groups: EVERY_GROUP }),
  en('languages spoken in Engineering as a spreadsheet', { pages: [['languages', 'language/languages']], groups: [GROUP.engineering] }),
  en('country of birth by group', { pages: [['country-birth']], groups: EVERY_GROUP }),
  en('women managers by country of birth since January, as a spreadsheet', { pages: [['country-birth']], filter: { gender: [FEMALE], 'position-level': [MANAGERS], ...ytd } }),
  en('worldviews last quarter', { pages: [['worldviews']], filter: q3 }),
  en('cultural heritage in 2025', { pages: [['cultural-heritage']], filter: in2025 }),
  en('native languages by group as CSV', { pages: [['languages', 'language/native']], format: 'csv', groups: EVERY_GROUP }),
  en('compare our demographics with the census', { pages: [['demographics']], census: AUSTRALIA }),
  en('compare with the census', { pages: [], census: AUSTRALIA }),
  en('overview for Finance and Operations', { pages: [['overview']], groups: [GROUP.finance, GROUP.operations] }),
  en('Gen Z in Sales since March', { pages: [], filter: { generation: ['Gen Z'], ...ytd }, groups: [GROUP.sales] }),
  en('Worldviews of People & Culture this year', { pages: [['worldviews']], filter: ytd, groups: [GROUP.peopleCulture] }),
  en('religion by team as an Excel file', { pages: [['worldviews']], groups: EVERY_GROUP }),
  en('native languages of women, last quarter, CSV', { pages: [['languages', 'language/native']], filter: { gender: [FEMALE], ...q3 }, format: 'csv' }),
  en('people with a disability by group', { pages: [], filter: { disability: 'yes' }, groups: EVERY_GROUP }),
  en('LGBTIQ+ staff compared with the census', { pages: [], filter: { lgbtiq: 'yes' }, census: AUSTRALIA }),
  en('Country of birth compared with the Australian census', { pages: [['country-birth']], census: AUSTRALIA }),
  en('heritage of managers in Platform', { pages: [['cultural-heritage']], filter: { 'position-level': [MANAGERS] }, groups: [GROUP.platform] }),
  en('Managers by gender in 2025', { pages: [['demographics', 'demographic/woman-manager']], filter: in2025 }),
  en('languages since 2025', { pages: [['languages']], filter: in2025 }),
  en('Q3 2026 worldviews by group', { pages: [['worldviews']], filter: q3, groups: EVERY_GROUP }),
  en("last month's overview", { pages: [['overview']], filter: ytd }),
  en('age 25-34 country of birth as xlsx', { pages: [['country-birth']], filter: { 'age-range': '25-34' } }),
  en('Most common languages of millennials in Engineering and Sales', { pages: [['languages', 'language/languages']], filter: { generation: ['Gen Y'] }, groups: [GROUP.engineering, GROUP.sales] }),
  en('export the overview for each group since January', { pages: [['overview']], filter: ytd, groups: EVERY_GROUP }),
  en('demographics of non-binary staff, year to date', { pages: [['demographics']], filter: { gender: [NON_BINARY], ...ytd } }),
  en('languages of the Sydney office', { pages: [['languages']] }),
  en('Gender by age as CSV', { pages: [['overview', 'overview/gender-age-range']], format: 'csv' }),
  en('Born here or abroad, by group', { pages: [['country-birth', 'country/row-three']], groups: EVERY_GROUP }),
  en('Cultural heritage of Engineering compared with the census', { pages: [['cultural-heritage']], groups: [GROUP.engineering], census: AUSTRALIA }),
  en('languages for Finance in 2025 as a spreadsheet', { pages: [['languages']], filter: in2025, groups: [GROUP.finance] }),
  en('women in Operations, worldviews, since January', { pages: [['worldviews']], filter: { gender: [FEMALE], ...ytd }, groups: [GROUP.operations] }),
  en('professionals by country of birth in the spring campaign', { pages: [['country-birth']], filter: { 'position-level': [PROFESSIONALS], 'date-tag': RANGE.spring } }),

  // French
  fr("part du personnel né hors d'Australie par groupe", { pages: [['country-birth']], groups: EVERY_GROUP }),
  fr('langues parlées dans Engineering en tableur', { pages: [['languages', 'language/languages']], groups: [GROUP.engineering] }),
  fr('pays de naissance par groupe', { pages: [['country-birth']], groups: EVERY_GROUP }),
  fr('femmes cadres par pays de naissance depuis janvier, en tableur', { pages: [['country-birth']], filter: { gender: [FEMALE], 'position-level': [MANAGERS], ...ytd } }),
  fr('les croyances du dernier trimestre', { pages: [['worldviews']], filter: q3 }),
  fr('héritage culturel en 2025', { pages: [['cultural-heritage']], filter: in2025 }),
  fr('comparer avec le recensement', { pages: [], census: AUSTRALIA }),
  fr('démographie comparée au recensement', { pages: [['demographics']], census: AUSTRALIA }),
  fr('langues maternelles par équipe en csv', { pages: [['languages', 'language/native']], format: 'csv', groups: EVERY_GROUP }),
  fr('aperçu pour Finance et Operations', { pages: [['overview']], groups: [GROUP.finance, GROUP.operations] }),
  fr('religion des cadres de Sales cette année', { pages: [['worldviews']], filter: { 'position-level': [MANAGERS], ...ytd }, groups: [GROUP.sales] }),
  fr('pays de naissance des femmes depuis mars', { pages: [['country-birth']], filter: { gender: [FEMALE], ...ytd } }),
  fr('personnes handicapées par groupe', { pages: [], filter: { disability: 'yes' }, groups: EVERY_GROUP }),
  fr('langues de la génération Z le trimestre dernier', { pages: [['languages']], filter: { generation: ['Gen Z'], ...q3 } }),
  fr("cultures par service depuis le début de l'année", { pages: [['cultural-heritage']], filter: ytd, groups: EVERY_GROUP }),
  fr('Exportez la démographie de People & Culture', { pages: [['demographics']], groups: [GROUP.peopleCulture] }),
  fr('hommes de 25 à 34 ans, langues', { pages: [['languages']], filter: { gender: [MALE], 'age-range': '25-34' } }),
  fr('langues de Platform en 2025', { pages: [['languages']], filter: in2025, groups: [GROUP.platform] }),
  fr("les croyances par groupe, l'année dernière", { pages: [['worldviews']], filter: in2025, groups: EVERY_GROUP }),
  fr('aperçu LGBTIQ de ce trimestre', { pages: [['overview']], filter: { lgbtiq: 'yes', ...ytd } }),
  fr('pays de naissance comparé au recensement australien', { pages: [['country-birth']], census: AUSTRALIA }),
  fr('langues des professionnels depuis janvier 2026', { pages: [['languages']], filter: { 'position-level': [PROFESSIONALS], ...ytd } }),
  fr('langues parlées par groupe', { pages: [['languages', 'language/languages']], groups: EVERY_GROUP }),
  fr('origine ethnique des femmes en 2025, en tableur', { pages: [['cultural-heritage']], filter: { gender: [FEMALE], ...in2025 } }),

  // Spanish
  es('porcentaje del personal nacido fuera de Australia por grupo', { pages: [['country-birth']], groups: EVERY_GROUP }),
  es('idiomas hablados en Engineering como hoja de cálculo', { pages: [['languages', 'language/languages']], groups: [GROUP.engineering] }),
  es('país de nacimiento por grupo', { pages: [['country-birth']], groups: EVERY_GROUP }),
  es('mujeres gerentes por país de nacimiento desde enero, hoja de cálculo', { pages: [['country-birth']], filter: { gender: [FEMALE], 'position-level': [MANAGERS], ...ytd } }),
  es('religiones del último trimestre', { pages: [['worldviews']], filter: q3 }),
  es('patrimonio cultural en 2025', { pages: [['cultural-heritage']], filter: in2025 }),
  es('comparar con el censo', { pages: [], census: AUSTRALIA }),
  es('demografía comparada con el censo', { pages: [['demographics']], census: AUSTRALIA }),
  es('lenguas maternas por equipo en csv', { pages: [['languages', 'language/native']], format: 'csv', groups: EVERY_GROUP }),
  es('resumen de Finance y Operations', { pages: [['overview']], groups: [GROUP.finance, GROUP.operations] }),
  es('creencias de los directivos de Sales este año', { pages: [['worldviews']], filter: { 'position-level': [MANAGERS], ...ytd }, groups: [GROUP.sales] }),
  es('país de nacimiento de las mujeres desde marzo', { pages: [['country-birth']], filter: { gender: [FEMALE], ...ytd } }),
  es('personas con discapacidad por grupo', { pages: [], filter: { disability: 'yes' }, groups: EVERY_GROUP }),
  es('idiomas de la generación Z el trimestre pasado', { pages: [['languages']], filter: { generation: ['Gen Z'], ...q3 } }),
  es('etnia por departamento en lo que va del año', { pages: [['cultural-heritage']], filter: ytd, groups: EVERY_GROUP }),
  es('demografía de People & Culture', { pages: [['demographics']], groups: [GROUP.peopleCulture] }),
  es('hombres de 25 a 34 años, idiomas', { pages: [['languages']], filter: { gender: [MALE], 'age-range': '25-34' } }),
  es('idiomas de Platform en 2025', { pages: [['languages']], filter: in2025, groups: [GROUP.platform] }),
  es('religión por grupo, el año pasado', { pages: [['worldviews']], filter: in2025, groups: EVERY_GROUP }),
  es('resumen LGBTIQ de este trimestre', { pages: [['overview']], filter: { lgbtiq: 'yes', ...ytd } }),
  es('país de nacimiento comparado con el censo de Australia', { pages: [['country-birth']], census: AUSTRALIA }),
  es('idiomas de los profesionales desde enero de 2026', { pages: [['languages']], filter: { 'position-level': [PROFESSIONALS], ...ytd } }),
  es('idiomas hablados por grupo', { pages: [['languages', 'language/languages']], groups: EVERY_GROUP }),
  es('religiones de las mujeres en 2025 en csv', { pages: [['worldviews']], filter: { gender: [FEMALE], ...in2025 }, format: 'csv' }),

  // Arabic
  ar('نسبة الموظفين المولودين خارج أستراليا حسب المجموعة', { pages: [['country-birth']], groups: EVERY_GROUP }),
  ar('اللغات المحكية في Engineering كجدول بيانات', { pages: [['languages', 'language/languages']], groups: [GROUP.engineering] }),
  ar('بلد الميلاد حسب المجموعة', { pages: [['country-birth']], groups: EVERY_GROUP }),
  ar('النساء المدراء حسب بلد الميلاد منذ يناير، جدول بيانات', { pages: [['country-birth']], filter: { gender: [FEMALE], 'position-level': [MANAGERS], ...ytd } }),
  ar('المعتقدات في الربع الماضي', { pages: [['worldviews']], filter: q3 }),
  ar('التراث الثقافي في 2025', { pages: [['cultural-heritage']], filter: in2025 }),
  ar('قارن مع التعداد السكاني', { pages: [], census: AUSTRALIA }),
  ar('التركيبة السكانية مقارنة بالتعداد', { pages: [['demographics']], census: AUSTRALIA }),
  ar('اللغات الأم حسب الفريق بصيغة csv', { pages: [['languages', 'language/native']], format: 'csv', groups: EVERY_GROUP }),
  ar('نظرة عامة على Finance و Operations', { pages: [['overview']], groups: [GROUP.finance, GROUP.operations] }),
  ar('الدين لدى المدراء في Sales هذا العام', { pages: [['worldviews']], filter: { 'position-level': [MANAGERS], ...ytd }, groups: [GROUP.sales] }),
  ar('بلد الميلاد للنساء منذ مارس', { pages: [['country-birth']], filter: { gender: [FEMALE], ...ytd } }),
  ar('الأشخاص ذوو الإعاقة حسب المجموعة', { pages: [], filter: { disability: 'yes' }, groups: EVERY_GROUP }),
  ar('لغات جيل زد في الربع الأخير', { pages: [['languages']], filter: { generation: ['Gen Z'], ...q3 } }),
  ar('العرق حسب القسم هذا العام', { pages: [['cultural-heritage']], filter: ytd, groups: EVERY_GROUP }),
  ar('التركيبة السكانية لـ People & Culture', { pages: [['demographics']], groups: [GROUP.peopleCulture] }),
  ar('الرجال من 25 إلى 34، اللغات', { pages: [['languages']], filter: { gender: [MALE], 'age-range': '25-34' } }),
  ar('لغات Platform في 2025', { pages: [['languages']], filter: in2025, groups: [GROUP.platform] }),
  ar('الدين حسب المجموعة العام الماضي', { pages: [['worldviews']], filter: in2025, groups: EVERY_GROUP }),
  ar('نظرة عامة LGBTIQ هذا الربع', { pages: [['overview']], filter: { lgbtiq: 'yes', ...ytd } }),
  ar('بلد الميلاد مقارنة بتعداد أستراليا', { pages: [['country-birth']], census: AUSTRALIA }),
  ar('اللغات المحكية حسب المجموعة', { pages: [['languages', 'language/languages']], groups: EVERY_GROUP }),
  ar('المعتقدات للنساء في 2025', { pages: [['worldviews']], filter: { gender: [FEMALE], ...in2025 } }),

  // Chinese
  zh('按组显示出生在澳大利亚以外的员工比例', { pages: [['country-birth']], groups: EVERY_GROUP }),
  zh('以电子表格导出 Engineering 使用的语言', { pages: [['languages', 'language/languages']], groups: [GROUP.engineering] }),
  zh('按组的出生国家', { pages: [['country-birth']], groups: EVERY_GROUP }),
  zh('女性经理 按出生国家 自一月以来 电子表格', { pages: [['country-birth']], filter: { gender: [FEMALE], 'position-level': [MANAGERS], ...ytd } }),
  zh('上季度的宗教', { pages: [['worldviews']], filter: q3 }),
  zh('2025年的文化传承', { pages: [['cultural-heritage']], filter: in2025 }),
  zh('与人口普查比较', { pages: [], census: AUSTRALIA }),
  zh('人口统计与人口普查对比', { pages: [['demographics']], census: AUSTRALIA }),
  zh('按团队的母语 csv', { pages: [['languages', 'language/native']], format: 'csv', groups: EVERY_GROUP }),
  zh('Finance 和 Operations 的概览', { pages: [['overview']], groups: [GROUP.finance, GROUP.operations] }),
  zh('今年 Sales 经理的宗教', { pages: [['worldviews']], filter: { 'position-level': [MANAGERS], ...ytd }, groups: [GROUP.sales] }),
  zh('三月以来女性的出生国家', { pages: [['country-birth']], filter: { gender: [FEMALE], ...ytd } }),
  zh('按部门的残疾人士', { pages: [], filter: { disability: 'yes' }, groups: EVERY_GROUP }),
  zh('Z世代上季度的语言', { pages: [['languages']], filter: { generation: ['Gen Z'], ...q3 } }),
  zh('今年各部门的民族', { pages: [['cultural-heritage']], filter: ytd, groups: EVERY_GROUP }),
  zh('People & Culture 的人口统计', { pages: [['demographics']], groups: [GROUP.peopleCulture] }),
  zh('25到34岁男性的语言', { pages: [['languages']], filter: { gender: [MALE], 'age-range': '25-34' } }),
  zh('Platform 2025年的语言', { pages: [['languages']], filter: in2025, groups: [GROUP.platform] }),
  zh('去年按组的宗教', { pages: [['worldviews']], filter: in2025, groups: EVERY_GROUP }),
  zh('本季度 LGBTIQ 概览', { pages: [['overview']], filter: { lgbtiq: 'yes', ...ytd } }),
  zh('出生国家与澳大利亚人口普查比较', { pages: [['country-birth']], census: AUSTRALIA }),
  zh('按组使用的语言 电子表格', { pages: [['languages', 'language/languages']], groups: EVERY_GROUP }),
  zh('2025年女性的宗教', { pages: [['worldviews']], filter: { gender: [FEMALE], ...in2025 } }),
];
