import type { ExportFormat, ExportPage } from '../contracts/exports';
import type { GENERATIONS } from '../filters/model';

type Generation = (typeof GENERATIONS)[number];

/**
 * The built-in interpreter's own words, in the product's languages (en, fr, es, ar, zh), beside
 * the names it takes from the i18n catalogues and the lookup lists. Plain data: adding a word is
 * adding a string. Matching ignores case and accents, and a Latin word also matches its plural in s.
 */

/** Words that ask to change or remove something: the prompt is refused. */
export const DESTRUCTIVE_WORDS: readonly string[] = [
  'delete', 'remove', 'erase', 'destroy', 'drop', 'wipe', 'purge', 'truncate', 'update', 'modify', 'overwrite',
  'supprimer', 'supprime', 'effacer', 'efface', 'detruire', 'modifier',
  'eliminar', 'elimina', 'borrar', 'borra', 'destruir', 'modificar',
  'احذف', 'حذف', 'امسح', 'مسح', 'دمر',
  '删除', '清除', '销毁', '修改',
];

export const FORMAT_WORDS: Readonly<Record<ExportFormat, readonly string[]>> = {
  xlsx: [
    'spreadsheet', 'excel', 'xlsx', 'workbook',
    'tableur', 'classeur', 'feuille de calcul',
    'hoja de calculo', 'libro de excel',
    'جدول بيانات', 'اكسل', 'إكسل',
    '电子表格', '工作簿',
  ],
  csv: ['csv'],
};

/** Other ways of naming a page than its menu name. */
export const PAGE_WORDS: Readonly<Record<ExportPage, readonly string[]>> = {
  home: ['home page', 'headline counts', 'accueil', 'inicio', 'الرئيسية', '首页'],
  overview: ['overview', 'summary', 'apercu', 'resume', 'resumen', 'نظرة عامة', '概览', '概况'],
  demographics: ['demographic', 'demographie', 'demografia', 'التركيبة السكانية', '人口统计'],
  'country-birth': [
    'birth country', 'countries of birth', 'birthplace', 'born', 'born overseas', 'born abroad', 'overseas born',
    'pays de naissance', 'ne hors', 'nee hors', 'nes', 'nees', 'ne a l etranger', 'nes a l etranger', 'pais de nacimiento', 'nacido', 'nacidos', 'nacida', 'nacidas', 'nacidos en el extranjero',
    'بلد الميلاد', 'مكان الولادة', 'المولودين', 'المولودون', 'ولدوا', 'مولود', '出生国家', '出生国', '出生地', '出生',
  ],
  languages: ['language', 'spoken', 'langue', 'idioma', 'lengua', 'اللغات', 'لغة', 'لغات', '语言'],
  worldviews: ['worldview', 'religion', 'belief', 'faith', 'croyance', 'religiones', 'creencia', 'الدين', 'المعتقدات', '宗教', '世界观'],
  'cultural-heritage': ['heritage', 'ethnicity', 'ethnicities', 'culture', 'heritage culturel', 'origine ethnique', 'patrimonio cultural', 'etnia', 'التراث الثقافي', 'العرق', '文化传承', '民族'],
};

/** Gender lookup codes and words for them (beside the lookup list's own names). */
export const GENDER_WORDS: Readonly<Record<string, readonly string[]>> = {
  female: ['women', 'woman', 'female', 'females', 'femme', 'femmes', 'mujer', 'mujeres', 'نساء', 'النساء', 'امرأة', '女性', '妇女'],
  male: ['men', 'man', 'male', 'males', 'homme', 'hommes', 'hombre', 'hombres', 'رجال', 'الرجال', '男性'],
  non_binary: ['non binary', 'nonbinary', 'non binaire', 'no binario', 'no binaria', 'غير ثنائي', '非二元'],
};

/** Position-level lookup codes (ANZSCO major groups) and words for them. */
export const POSITION_WORDS: Readonly<Record<string, readonly string[]>> = {
  '1': ['manager', 'managers', 'management', 'cadre', 'cadres', 'dirigeant', 'dirigeants', 'gerente', 'gerentes', 'directivo', 'directivos', 'مديرين', 'المديرين', 'مدراء', 'المدراء', '经理', '管理人员'],
  '2': ['professional', 'professionals', 'professionnel', 'professionnels', 'profesional', 'profesionales', 'المهنيين', '专业人员'],
  '6': ['sales', 'vendeur', 'vendeurs', 'ventas', 'vendedores', 'المبيعات', '销售'],
};

export const GENERATION_WORDS: Readonly<Record<Generation, readonly string[]>> = {
  'Gen X': ['gen x', 'generation x', 'generacion x', 'جيل اكس', 'x世代'],
  'Gen Y': ['gen y', 'generation y', 'millennial', 'millennials', 'generacion y', 'milenials', 'جيل الألفية', 'y世代', '千禧一代'],
  'Gen Z': ['gen z', 'generation z', 'generacion z', 'جيل زد', 'z世代'],
};

export const DISABILITY_WORDS: readonly string[] = [
  'disability', 'disabilities', 'disabled', 'handicap', 'handicapes', 'handicapees', 'discapacidad', 'discapacidades', 'إعاقة', 'الإعاقة', '残疾', '残障',
];

export const LGBTIQ_WORDS: readonly string[] = ['lgbt', 'lgbtq', 'lgbti', 'lgbtiq', 'lgbtqia', 'queer'];

/** Month names by number (1 to 12): English, French, Spanish, Arabic (two usages), Chinese. */
export const MONTH_WORDS: readonly (readonly string[])[] = [
  ['january', 'jan', 'janvier', 'enero', 'يناير', 'كانون الثاني', '一月', '1月'],
  ['february', 'feb', 'fevrier', 'febrero', 'فبراير', 'شباط', '二月', '2月'],
  ['march', 'mars', 'marzo', 'مارس', 'آذار', '三月', '3月'],
  ['april', 'apr', 'avril', 'abril', 'أبريل', 'نيسان', '四月', '4月'],
  ['mai', 'mayo', 'مايو', 'أيار', '五月', '5月'],
  ['june', 'jun', 'juin', 'junio', 'يونيو', 'حزيران', '六月', '6月'],
  ['july', 'jul', 'juillet', 'julio', 'يوليو', 'تموز', '七月', '7月'],
  ['august', 'aug', 'aout', 'agosto', 'أغسطس', 'آب', '八月', '8月'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'سبتمبر', 'أيلول', '九月', '9月'],
  ['october', 'oct', 'octobre', 'octubre', 'أكتوبر', 'تشرين الأول', '十月', '10月'],
  ['november', 'nov', 'novembre', 'noviembre', 'نوفمبر', 'تشرين الثاني', '十一月', '11月'],
  ['december', 'dec', 'decembre', 'diciembre', 'ديسمبر', 'كانون الأول', '十二月', '12月'],
];

/** Small words that join the others; a capitalised one is never taken for a name. */
export const KNOWN_CAPITALS: readonly string[] = [
  'i', 'a', 'the', 'by', 'and', 'as', 'for', 'since', 'from', 'please', 'export', 'all', 'my', 'our', 'csv', 'xlsx', 'excel', 'pdf', 'in', 'last', 'this', 'compare', 'show', 'give', 'get',
  'share', 'staff', 'people', 'employees', 'how', 'what', 'which', 'who', 'can', 'could', 'list', 'q1', 'q2', 'q3', 'q4',
  'les', 'la', 'le', 'des', 'de', 'du', 'par', 'pour', 'depuis', 'en', 'comparer', 'exporter', 'exportez', 'donnez', 'donne', 'moi',
  'el', 'los', 'las', 'por', 'para', 'desde', 'comparar', 'exportar', 'exporta', 'dame',
];

/** The separators of an age range between two numbers ("25-34", "25 to 34", "de 25 à 34", "25至34"). */
export const AGE_JOINERS: readonly string[] = ['-', '–', 'to', 'and', 'à', 'a', 'et', 'y', 'al', 'hasta', 'إلى', 'و', '至', '到', '~'];

/** "By group": the groups side by side with the whole organisation. */
export const BY_GROUP_WORDS: readonly string[] = [
  'by group', 'per group', 'each group', 'every group', 'all groups', 'group by group', 'by team', 'per team', 'each team', 'by department', 'per department', 'across groups', 'between groups',
  'par groupe', 'pour chaque groupe', 'chaque groupe', 'tous les groupes', 'par equipe', 'par service', 'par departement', 'entre les groupes',
  'por grupo', 'por grupos', 'cada grupo', 'todos los grupos', 'por equipo', 'por departamento', 'entre grupos',
  'حسب المجموعة', 'حسب المجموعات', 'لكل مجموعة', 'كل مجموعة', 'حسب الفريق', 'حسب القسم', 'بين المجموعات',
  '按组', '按小组', '按群组', '按部门', '按团队', '各组', '各小组', '各部门', '分组',
];

/** A comparison with the census (Compare → External). */
export const CENSUS_WORDS: readonly string[] = [
  'census', 'national population', 'general population', 'recensement', 'population nationale', 'censo', 'poblacion nacional',
  'التعداد', 'تعداد', 'التعداد السكاني', 'الإحصاء السكاني', '人口普查', '普查',
];

/**
 * Periods in words, beside month names and years. `since` opens a period at the date that
 * follows; the others name a period of their own, counted back from today.
 */
export type PeriodWord = 'since' | 'this_year' | 'last_year' | 'this_quarter' | 'last_quarter' | 'this_month' | 'last_month';
export const PERIOD_WORDS: Readonly<Record<PeriodWord, readonly string[]>> = {
  since: ['since', 'from', 'starting', 'after', 'depuis', 'a partir de', 'desde', 'a partir del', 'منذ', 'ابتداء من', '自', '从', '以来', '起'],
  this_year: ['this year', 'year to date', 'ytd', 'cette annee', 'depuis le debut de l annee', 'este ano', 'en lo que va del ano', 'هذا العام', 'هذه السنة', 'العام الحالي', '今年', '本年'],
  last_year: ['last year', 'previous year', 'l annee derniere', 'annee derniere', 'l an dernier', 'el ano pasado', 'ano pasado', 'العام الماضي', 'السنة الماضية', '去年', '上一年'],
  this_quarter: ['this quarter', 'current quarter', 'ce trimestre', 'trimestre en cours', 'este trimestre', 'trimestre actual', 'هذا الربع', 'الربع الحالي', '本季度', '这个季度'],
  last_quarter: ['last quarter', 'previous quarter', 'dernier trimestre', 'trimestre dernier', 'trimestre precedent', 'ultimo trimestre', 'trimestre pasado', 'trimestre anterior', 'الربع الأخير', 'الربع الماضي', 'الربع السابق', '上季度', '上个季度', '上一季度'],
  this_month: ['this month', 'ce mois', 'ce mois ci', 'este mes', 'هذا الشهر', '本月', '这个月'],
  last_month: ['last month', 'previous month', 'le mois dernier', 'mois dernier', 'el mes pasado', 'mes pasado', 'الشهر الماضي', '上个月', '上月'],
};

/** Words after a name that make it a company's: the name is another organisation's. */
export const COMPANY_SUFFIXES: readonly string[] = ['ltd', 'limited', 'inc', 'corp', 'corporation', 'llc', 'plc', 'gmbh', 'pty', 'sarl', 'sas', 'co'];
