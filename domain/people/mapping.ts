import type { ColumnMapping, PeopleField, PeopleLanguage } from '../contracts/people';
import { PEOPLE_FIELDS } from '../contracts/people';

/**
 * Reading a staff list's columns: which header names what, in the five languages, and what a
 * language cell says. Pure, so the server suggests the mapping and a test checks it alike.
 */

/**
 * A header or cell reduced to what tells it apart: lower case, accents and vowel marks gone
 * (NFKD then no combining marks), only letters and digits of any script kept. 'E-mail',
 * 'e_mail' and ' Email ' all become 'email'; 'Prénom' becomes 'prenom'.
 */
export const headerKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Header names per field, written naturally; compared through headerKey. */
const HEADER_NAMES: Record<PeopleField, readonly string[]> = {
  email: [
    'email', 'e-mail', 'mail', 'email address', 'e-mail address', 'work email',
    'courriel', 'adresse e-mail', 'adresse électronique', 'adresse mail', 'mél',
    'correo', 'correo electrónico', 'dirección de correo', 'email corporativo',
    'البريد الإلكتروني', 'البريد الالكتروني', 'بريد إلكتروني', 'الإيميل',
    '电子邮件', '电子邮箱', '邮箱', '邮件', '邮件地址', '電子郵件',
  ],
  first_name: [
    'first name', 'firstname', 'given name', 'forename', 'first',
    'prénom', 'prenom',
    'nombre', 'nombre de pila', 'nombres',
    'الاسم الأول', 'الاسم',
    '名', '名字', '名字（名）',
  ],
  last_name: [
    'last name', 'lastname', 'surname', 'family name', 'last',
    'nom', 'nom de famille',
    'apellido', 'apellidos',
    'اسم العائلة', 'الكنية', 'اللقب',
    '姓', '姓氏',
  ],
  group: [
    'group', 'team', 'department', 'division', 'unit',
    'groupe', 'équipe', 'service', 'département',
    'grupo', 'equipo', 'departamento',
    'المجموعة', 'مجموعة', 'الفريق', 'القسم',
    '组', '小组', '团队', '部门', '群组',
  ],
  sub_group: [
    'sub-group', 'subgroup', 'sub team', 'sub-team', 'sub-department',
    'sous-groupe', 'sous-équipe',
    'subgrupo', 'subequipo',
    'المجموعة الفرعية', 'مجموعة فرعية', 'الفريق الفرعي',
    '子组', '子小组', '子群组', '子团队',
  ],
  language: [
    'language', 'preferred language', 'locale', 'lang',
    'langue', 'langue préférée',
    'idioma', 'idioma preferido', 'lengua',
    'اللغة', 'اللغة المفضلة',
    '语言', '首选语言', '語言',
  ],
};

const HEADER_FIELD = new Map<string, PeopleField>(
  PEOPLE_FIELDS.flatMap((field) => HEADER_NAMES[field].map((name) => [headerKey(name), field] as const)),
);

/** The field a header names, if it is one of the known names. */
export const fieldOfHeader = (header: string): PeopleField | undefined => HEADER_FIELD.get(headerKey(header));

export const EMPTY_MAPPING: ColumnMapping = { email: null, first_name: null, last_name: null, group: null, sub_group: null, language: null };

/**
 * The mapping suggested for a header row: each field takes the first column whose header is one
 * of its names; a column serves one field. A column named like none of them but holding 'mail'
 * or 'email' in its name is offered for the address when nothing else is.
 */
export const suggestMapping = (headers: readonly string[]): ColumnMapping => {
  const mapping: Record<PeopleField, number | null> = { ...EMPTY_MAPPING };
  headers.forEach((header, index) => {
    const field = fieldOfHeader(header);
    if (field !== undefined && mapping[field] === null) mapping[field] = index;
  });
  if (mapping.email === null) {
    const used = new Set(Object.values(mapping));
    const index = headers.findIndex((header, i) => !used.has(i) && /mail/.test(headerKey(header)));
    if (index >= 0) mapping.email = index;
  }
  return mapping;
};

/** What a mapping gets wrong for a header row of `columnCount` columns, by field. */
export const mappingProblems = (
  mapping: ColumnMapping,
  columnCount: number,
): Partial<Record<PeopleField, 'required' | 'unknownColumn' | 'columnTwice'>> => {
  const problems: Partial<Record<PeopleField, 'required' | 'unknownColumn' | 'columnTwice'>> = {};
  const seen = new Set<number>();
  for (const field of PEOPLE_FIELDS) {
    const index = mapping[field];
    if (index === null) {
      if (field === 'email' || field === 'group') problems[field] = 'required';
      continue;
    }
    if (index >= columnCount) problems[field] = 'unknownColumn';
    else if (seen.has(index)) problems[field] = 'columnTwice';
    seen.add(index);
  }
  return problems;
};

/** Ways a language is written in a cell, for each of the five. */
const LANGUAGE_NAMES: Record<PeopleLanguage, readonly string[]> = {
  en: ['en', 'eng', 'au', 'english', 'anglais', 'inglés', 'ingles', 'الإنجليزية', 'الانجليزية', 'الإنكليزية', '英语', '英文', '英語'],
  fr: ['fr', 'fra', 'fre', 'french', 'français', 'francais', 'francés', 'frances', 'الفرنسية', '法语', '法文', '法語'],
  es: ['es', 'spa', 'spanish', 'espagnol', 'español', 'espanol', 'castellano', 'الإسبانية', 'الاسبانية', '西班牙语', '西班牙文', '西班牙語'],
  ar: ['ar', 'ara', 'arabic', 'arabe', 'árabe', 'العربية', 'عربي', '阿拉伯语', '阿拉伯文', '阿拉伯語'],
  zh: ['zh', 'zho', 'chi', 'chinese', 'chinois', 'chino', 'mandarin', 'الصينية', '中文', '汉语', '漢語', '普通话', '华语'],
};

const LANGUAGE_OF = new Map<string, PeopleLanguage>(
  (Object.keys(LANGUAGE_NAMES) as PeopleLanguage[]).flatMap((code) => LANGUAGE_NAMES[code].map((name) => [headerKey(name), code] as const)),
);

/**
 * A language cell read: one of the five, 'empty' for a blank cell, or 'unknown'. A tag with a
 * region or script ('fr-CA', 'zh_Hans', 'en-AU') counts as its language.
 */
export const readLanguage = (cell: string): PeopleLanguage | 'empty' | 'unknown' => {
  const trimmed = cell.trim();
  if (trimmed === '') return 'empty';
  const whole = LANGUAGE_OF.get(headerKey(trimmed));
  if (whole !== undefined) return whole;
  const tag = /^([a-z]{2,3})[-_][a-z0-9]{2,8}$/i.exec(trimmed);
  return (tag && LANGUAGE_OF.get(tag[1]!.toLowerCase())) ?? 'unknown';
};
