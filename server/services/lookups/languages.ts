import { PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import { PREFER_NOT_NAME } from './countries';
import { microZoneOfTerritory, OTHER_CODE } from './regions';
import type { LookupSources } from './sources';
import { ISO_639_5 } from './standards/iso6395';
import { M49_TERRITORY_SUBREGION } from './standards/m49';
import type { LocalName, LookupRow, NameLocale } from './types';
import { LAST } from './types';

/** What the language and heritage builders know of one ISO 639-3 language. */
export interface LanguageFacts {
  readonly code: string;
  /** ISO 639-3 reference name. */
  readonly name: string;
  /** CLDR's English name where it has one and it differs ('Greek' for 'Modern Greek (1453-)'). */
  readonly cldrName?: string;
  readonly type: string;
  readonly scope: string;
  /** The code CLDR files it under (ISO 639-1 where there is one). */
  readonly cldrCode: string;
  /** Speakers summed over CLDR territories (population times share); 0 when CLDR has no figure. */
  readonly speakers: number;
  /** The territory whose M49 sub-region is the language's micro-zone, if one was found. */
  readonly territory?: string;
  /** The nearest ISO 639-5 family CLDR places it in. */
  readonly family?: string;
  /** M49 sub-region code, or 'other'. */
  readonly microZone: string;
}

export interface LanguageData {
  /** By ISO 639-3 code, every language of the standard. */
  readonly languages: ReadonlyMap<string, LanguageFacts>;
  /** ISO 639-5 family: the micro-zone most common among its placed languages. */
  readonly familyZones: ReadonlyMap<string, string>;
}

/**
 * Kept at their origin rather than their largest modern territory (DATA.md): English in the
 * United Kingdom, French in France, Spanish in Spain, Portuguese in Portugal, Arabic (the
 * macrolanguage and Standard Arabic) in Saudi Arabia, on the Arabian Peninsula.
 */
const ORIGIN: Readonly<Record<string, string>> = { eng: 'GB', fra: 'FR', spa: 'ES', por: 'PT', ara: 'SA', arb: 'SA' };

const placed = (territory: string | undefined): territory is string => territory !== undefined && M49_TERRITORY_SUBREGION[territory] !== undefined;

type LanguageSources = Pick<LookupSources, 'languages' | 'territoryInfo' | 'likelyTerritory' | 'languageGroups' | 'macrolanguageOf' | 'languageNames'>;

/**
 * Speakers, territory, family and micro-zone of every ISO 639-3 language. The territory is,
 * in order: the origin above; the CLDR territory with the most speakers (territoryInfo);
 * CLDR's likely territory (likelySubtags); its macrolanguage's territory. A language still
 * without one takes the micro-zone most common among the languages of its nearest family
 * (CLDR languageGroups), climbing to wider families; the rest are 'other'.
 */
export const languageFacts = (sources: LanguageSources): LanguageData => {
  const englishNames = sources.languageNames('en') ?? {};
  const isoOfCldr = new Map<string, string>();
  for (const language of sources.languages) isoOfCldr.set(language.iso6391 ?? language.iso6393, language.iso6393);

  const speakers = new Map<string, number>();
  const largest = new Map<string, { territory: string; count: number }>();
  for (const [territory, info] of Object.entries(sources.territoryInfo)) {
    for (const [cldrCode, share] of Object.entries(info.languages)) {
      const iso = isoOfCldr.get(cldrCode.split('_')[0]!);
      if (iso === undefined) continue;
      const count = (info.population * share) / 100;
      speakers.set(iso, (speakers.get(iso) ?? 0) + count);
      if (placed(territory) && count > (largest.get(iso)?.count ?? -1)) largest.set(iso, { territory, count });
    }
  }

  const cldrCodeOf = (language: { iso6393: string; iso6391?: string }) => language.iso6391 ?? language.iso6393;
  const direct = new Map<string, string>();
  for (const language of sources.languages) {
    const candidates = [ORIGIN[language.iso6393], largest.get(language.iso6393)?.territory, sources.likelyTerritory[cldrCodeOf(language)]];
    const territory = candidates.find(placed);
    if (territory !== undefined) direct.set(language.iso6393, territory);
  }
  for (const language of sources.languages) {
    if (direct.has(language.iso6393)) continue;
    const macro = sources.macrolanguageOf[cldrCodeOf(language)];
    const territory = macro === undefined ? undefined : direct.get(isoOfCldr.get(macro) ?? macro);
    if (territory !== undefined) direct.set(language.iso6393, territory);
  }

  // CLDR codes group members by their CLDR code; a member may be a language or a group.
  const parentOf = new Map<string, string>();
  for (const [group, members] of Object.entries(sources.languageGroups)) {
    if (group === 'mul') continue;
    for (const member of members) if (!parentOf.has(member)) parentOf.set(member, group);
  }
  const familiesAbove = (cldrCode: string): string[] => {
    const chain: string[] = [];
    for (let group = parentOf.get(cldrCode); group !== undefined && !chain.includes(group); group = parentOf.get(group)) {
      if (ISO_639_5[group] !== undefined) chain.push(group);
    }
    return chain;
  };

  const zoneVotes = new Map<string, Map<string, number>>();
  for (const language of sources.languages) {
    const territory = direct.get(language.iso6393);
    if (territory === undefined) continue;
    const zone = M49_TERRITORY_SUBREGION[territory]!;
    for (const family of familiesAbove(cldrCodeOf(language))) {
      const votes = zoneVotes.get(family) ?? new Map<string, number>();
      votes.set(zone, (votes.get(zone) ?? 0) + 1);
      zoneVotes.set(family, votes);
    }
  }
  const familyZone = (family: string): string | undefined => {
    const votes = zoneVotes.get(family);
    if (votes === undefined) return undefined;
    return [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  };

  const facts = new Map<string, LanguageFacts>();
  for (const language of sources.languages) {
    const cldrCode = cldrCodeOf(language);
    const families = familiesAbove(cldrCode);
    const territory = direct.get(language.iso6393);
    const microZone =
      territory !== undefined ? microZoneOfTerritory(territory).code : (families.map(familyZone).find((zone) => zone !== undefined) ?? OTHER_CODE);
    const cldrName = englishNames[cldrCode];
    facts.set(language.iso6393, {
      code: language.iso6393,
      name: language.name,
      ...(cldrName !== undefined && cldrName !== language.name ? { cldrName } : {}),
      type: language.type,
      scope: language.scope,
      cldrCode,
      speakers: Math.round(speakers.get(language.iso6393) ?? 0),
      ...(territory !== undefined ? { territory } : {}),
      ...(families[0] !== undefined ? { family: families[0] } : {}),
      microZone,
    });
  }
  const familyZones = new Map<string, string>();
  for (const family of zoneVotes.keys()) familyZones.set(family, familyZone(family)!);
  return { languages: facts, familyZones };
};

/** Most spoken first (so the capped list and equal search ranks show them first), then by name. */
export const bySpeakers = (a: { speakers: number; name: string }, b: { speakers: number; name: string }) =>
  b.speakers - a.speakers || a.name.localeCompare(b.name, 'en');

/**
 * Languages: the living individual ISO 639-3 languages and the macrolanguages, code = ISO
 * 639-3. The shown name is CLDR's English name where it has one (it is the usual one:
 * 'Greek', 'Punjabi'), unless another language already shows that name; the ISO name is
 * then a search alias. Localised names come from CLDR.
 */
export const buildLanguages = (facts: LanguageData['languages'], sources: Pick<LookupSources, 'languageNames'>, locales: readonly NameLocale[]) => {
  const chosen = [...facts.values()].filter(
    (language) => (language.type === 'living' && language.scope === 'individual') || language.scope === 'macrolanguage',
  );
  const isoNames = new Set(chosen.map((language) => language.name.toLowerCase()));
  const shownNames = new Set<string>();
  const entries = chosen.sort(bySpeakers).map((language) => {
    const cldr = language.cldrName;
    const useCldr = cldr !== undefined && !isoNames.has(cldr.toLowerCase()) && !shownNames.has(cldr.toLowerCase());
    const name = useCldr ? cldr : language.name;
    shownNames.add(name.toLowerCase());
    return { language, name, aliases: useCldr ? [language.name] : cldr !== undefined ? [cldr] : [] };
  });
  const rows: LookupRow[] = entries.map(({ language, name, aliases }, sort) => ({
    list: 'languages',
    code: language.code,
    name,
    sort,
    aliases,
    region: { list: 'micro-zones', code: language.microZone },
  }));
  rows.push({ list: 'languages', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });

  const names: LocalName[] = [];
  for (const locale of locales) {
    const local = sources.languageNames(locale.cldr);
    if (local === undefined) continue;
    for (const { language } of entries) {
      const name = local[language.cldrCode];
      if (name !== undefined) names.push({ list: 'languages', code: language.code, locale: locale.code, name, sort: null });
    }
  }
  return { rows, names };
};
