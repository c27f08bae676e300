import { PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import { PREFER_NOT_NAME } from './countries';
import { bySpeakers, type LanguageData, type LanguageFacts } from './languages';
import { normaliseSearch } from './normalise';
import { microZoneOfTerritory, OTHER_CODE } from './regions';
import type { LookupSources } from './sources';
import { ASCCEG_BROAD, ASCCEG_GROUPS, ASCCEG_NARROW } from './standards/ascceg2019';
import { ISO_639_5 } from './standards/iso6395';
import { M49_TERRITORY_SUBREGION } from './standards/m49';
import type { LookupRow, RowRef } from './types';
import { LAST } from './types';

/*
 * The project's own correspondence between ASCCEG groups and M49 sub-regions (judgement, not
 * an ABS or UN table): each narrow group's usual sub-region, then the groups whose homeland
 * lies elsewhere in M49 terms (Algerians in Northern Africa, Armenians in Western Asia...).
 */
const NARROW_REGION: Readonly<Record<string, string>> = {
  '11': '053', '12': '053', '13': '054', '14': '057', '15': '061',
  '21': '154', '22': '154', '23': '155', '24': '154',
  '31': '039', '32': '039', '33': '151',
  '41': '145', '42': '145', '43': '015', '49': '145',
  '51': '035', '52': '035', '61': '030', '69': '030', '71': '034', '72': '143',
  '81': '021', '82': '005', '83': '013', '84': '029', '91': '011', '92': '014',
};

const GROUP_REGION: Readonly<Record<string, string>> = {
  '1502': '054',
  '3203': '151', '3207': '151', '3211': '151', '3215': '145',
  '3303': '154', '3305': '154', '3306': '154', '3313': '155',
  '4101': '015', '4102': '015', '4107': '015', '4108': '015', '4114': '015',
  '4301': '014', '4303': '014', '4304': '014', '4305': '014',
  '4902': '015', '4903': '015', '4904': '034', '4913': '015',
  '7201': '034', '7202': '145', '7203': '145', '7205': '034', '7207': '145', '7208': '034', '7212': '151', '7214': '030',
  '9111': '014', '9112': '017', '9113': '017',
  '9201': '018', '9202': '017', '9211': '018', '9215': '018', '9223': '018', '9232': '018', '9242': '018',
};

/** The ASCCEG narrow group a people of an M49 sub-region falls under, when no language family says more. */
const SUBREGION_NARROW: Readonly<Record<string, string>> = {
  '143': '72', '145': '49', '151': '33', '154': '24', '155': '23', '039': '31',
  '021': '81', '013': '83', '029': '84', '005': '82',
  '015': '41', '011': '91', '017': '91', '014': '92', '018': '92',
  '030': '69', '034': '71', '035': '52', '053': '11', '054': '13', '057': '14', '061': '15',
};
const MAINLAND_SOUTH_EAST_ASIA = new Set(['MM', 'KH', 'LA', 'TH', 'VN']);

const asccegFamily = (narrow: string): RowRef => ({ list: 'cultural-families', code: `ascceg:${narrow}` });
const languageFamily = (family: string): RowRef => ({ list: 'cultural-families', code: `iso639-5:${family}` });
const otherFamily: RowRef = { list: 'cultural-families', code: OTHER_CODE };
const microZone = (code: string): RowRef => ({ list: 'micro-zones', code });

const familyOfPlace = (subregion: string, territory?: string): RowRef => {
  if (subregion === '035') return asccegFamily(territory !== undefined && MAINLAND_SOUTH_EAST_ASIA.has(territory) ? '51' : '52');
  const narrow = SUBREGION_NARROW[subregion];
  return narrow === undefined ? otherFamily : asccegFamily(narrow);
};

/**
 * Cultural families: the ASCCEG broad groups with their narrow groups under them, and the
 * ISO 639-5 language families under their wider family as CLDR nests them.
 */
export const buildCulturalFamilies = (sources: Pick<LookupSources, 'languageGroups'>): LookupRow[] => {
  const rows: LookupRow[] = [];
  for (const [code, name] of Object.entries(ASCCEG_BROAD)) rows.push({ list: 'cultural-families', code: `ascceg:${code}`, name, sort: rows.length });
  for (const [code, name] of Object.entries(ASCCEG_NARROW)) {
    rows.push({ list: 'cultural-families', code: `ascceg:${code}`, name, sort: rows.length, parent: { list: 'cultural-families', code: `ascceg:${code[0]}` } });
  }
  const parentGroup = new Map<string, string>();
  for (const [group, members] of Object.entries(sources.languageGroups)) {
    for (const member of members) if (ISO_639_5[member] !== undefined && ISO_639_5[group] !== undefined && !parentGroup.has(member)) parentGroup.set(member, group);
  }
  for (const [code, family] of Object.entries(ISO_639_5)) {
    const parent = parentGroup.get(code);
    rows.push({ list: 'cultural-families', code: `iso639-5:${code}`, name: family.name, sort: rows.length, ...(parent ? { parent: languageFamily(parent) } : {}) });
  }
  rows.push({ list: 'cultural-families', code: OTHER_CODE, name: 'Other', sort: LAST });
  return rows;
};

/**
 * Cultural heritages (DATA.md): in this order, keeping the first of names equal but for case
 * and accents: the 278 ASCCEG 2019 groups; the living individual ISO 639-3 languages as
 * ethnolinguistic groups; the recently extinct individual languages (many Aboriginal and
 * Torres Strait Islander nations); the macrolanguages; national heritages from the English
 * demonyms of world-countries; the ISO 639-5 family names. Codes carry their source:
 * 'ascceg:1101', 'iso639-3:eng', 'iso3166:AU', 'iso639-5:bnt'.
 *
 * Cultural family: the ASCCEG narrow group, else the language family, else the ASCCEG group
 * of the place. Ethnic region: the M49 sub-region of the group, language or country (a
 * family: the one most of its languages are in).
 * Order: ASCCEG groups and national heritages by name, then the language peoples most
 * spoken first, then the families.
 */
export const buildEthnicities = ({ languages, familyZones }: LanguageData, sources: Pick<LookupSources, 'demonyms'>): LookupRow[] => {
  const seen = new Set<string>();
  const candidates: Array<Omit<LookupRow, 'sort'> & { tier: number; speakers: number }> = [];
  const add = (row: Omit<LookupRow, 'sort' | 'list'> & { tier: number; speakers?: number }) => {
    const key = normaliseSearch(row.name);
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push({ ...row, list: 'ethnicities', speakers: row.speakers ?? 0 });
  };

  for (const [code, name] of ASCCEG_GROUPS) {
    const narrow = code.slice(0, 2);
    add({ code: `ascceg:${code}`, name, tier: 0, family: asccegFamily(narrow), region: microZone(GROUP_REGION[code] ?? NARROW_REGION[narrow] ?? OTHER_CODE) });
  }
  const languagePeople = (language: LanguageFacts) =>
    add({
      code: `iso639-3:${language.code}`,
      name: language.name,
      tier: 1,
      speakers: language.speakers,
      family: language.family !== undefined ? languageFamily(language.family) : familyOfPlace(language.microZone, language.territory),
      region: microZone(language.microZone),
    });
  const all = [...languages.values()];
  all.filter((language) => language.type === 'living' && language.scope === 'individual').forEach(languagePeople);
  all.filter((language) => language.type === 'extinct' && language.scope === 'individual').forEach(languagePeople);
  all.filter((language) => language.scope === 'macrolanguage').forEach(languagePeople);
  for (const [country, demonym] of Object.entries(sources.demonyms).sort(([a], [b]) => a.localeCompare(b))) {
    const subregion = M49_TERRITORY_SUBREGION[country];
    add({
      code: `iso3166:${country}`,
      name: demonym,
      tier: 0,
      family: subregion === undefined ? otherFamily : familyOfPlace(subregion, country),
      region: microZoneOfTerritory(country),
    });
  }
  for (const [code, family] of Object.entries(ISO_639_5)) {
    if (family.heritage === null) continue;
    add({ code: `iso639-5:${code}`, name: family.heritage, tier: 2, family: languageFamily(code), region: microZone(familyZones.get(code) ?? OTHER_CODE) });
  }

  candidates.sort((a, b) => a.tier - b.tier || (a.tier === 1 ? bySpeakers(a, b) : a.name.localeCompare(b.name, 'en')));
  const rows: LookupRow[] = candidates.map(({ tier: _tier, speakers: _speakers, ...row }, sort) => ({ ...row, sort }));
  rows.push({ list: 'ethnicities', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });
  return rows;
};
