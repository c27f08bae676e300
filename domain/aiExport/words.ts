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
  'country-birth': ['birth country', 'countries of birth', 'birthplace', 'pays de naissance', 'pais de nacimiento', 'بلد الميلاد', '出生国家', '出生国'],
  languages: ['language', 'langue', 'idioma', 'lengua', 'اللغات', 'لغة', '语言'],
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
export const KNOWN_CAPITALS: readonly string[] = ['i', 'a', 'the', 'by', 'and', 'as', 'for', 'since', 'from', 'please', 'export', 'all', 'my', 'our', 'csv', 'xlsx', 'excel', 'pdf'];

/** The separators of an age range between two numbers ("25-34", "25 to 34", "de 25 à 34", "25至34"). */
export const AGE_JOINERS: readonly string[] = ['-', '–', 'to', 'and', 'à', 'a', 'et', 'y', 'al', 'hasta', 'إلى', 'و', '至', '到', '~'];
