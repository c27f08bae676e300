import { useMemo } from 'react';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { useTranslation } from 'react-i18next';
import { AnyLookupItem } from '../../../domain/contracts/lookups';
import { productLanguage } from '../../../domain/i18n/languages';
import { useSection } from '../../hooks/resources';

/** Names by principle id, in the language the page is shown in. */
export type LocalNames = ReadonlyMap<string, string>;

const Items = t.array(AnyLookupItem);

/**
 * The names a lookup list gives its items and their zones (micro-zone, zone, continent) in the
 * request's language. The server takes them from CLDR and falls back to English where CLDR has
 * no name, so a name here is never worse than the statistic's own label.
 */
export const namesFromItems = (lists: readonly unknown[]): Map<string, string> => {
  const names = new Map<string, string>();
  const put = (id: number | null | undefined, name: string | null | undefined) => {
    if (id !== null && id !== undefined && name) names.set(String(id), name);
  };
  for (const list of lists) {
    const decoded = Items.decode(list ?? []);
    if (!isRight(decoded)) continue;
    for (const item of decoded.right) {
      put(item.principleId, item.value);
      put(item.microZoneId, item.microZone);
      put(item.zoneId, item.zone);
      put(item.macroZoneId, item.macroZone);
    }
  }
  return names;
};

// A figure keyed by two ids ('12|34': a look by continent) is named after the last of them.
const nameOf = (names: LocalNames, key: string): string | undefined =>
  names.get(key) ?? (key.includes('|') ? names.get(key.slice(key.lastIndexOf('|') + 1)) : undefined);

/**
 * A statistic with every label of a known key in the page's language: cells, headers and tree
 * nodes alike (anything with a string key and label). Labels without a lookup key (Born
 * elsewhere, age bands) are left as they came.
 */
export const localiseLabels = <T>(data: T, names: LocalNames | null): T => {
  if (names === null || names.size === 0) return data;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [field, inner] of Object.entries(value)) out[field] = walk(inner);
    const { key, label } = value as { key?: unknown; label?: unknown };
    if (typeof key === 'string' && typeof label === 'string') out.label = nameOf(names, key) ?? label;
    return out;
  };
  return walk(data) as T;
};

/** The built-in English and 'en' need no names: the statistics are labelled in English. */
export const namesNeeded = (code: string): boolean => !productLanguage(code).lang.startsWith('en');

/**
 * Country and language names (with their zones) in the page's language, for the charts' labels.
 * One component of a page loads them (`load`), the cards only read them; a change of language
 * loads them again, in the new language (the request's X-Locale).
 */
export const useLocalNames = (load = false): LocalNames | null => {
  const { i18n } = useTranslation();
  const needed = namesNeeded(i18n.language);
  const args = useMemo(() => ({ lang: i18n.language }), [i18n.language]);
  const countries = useSection('chartCountryNames', args, undefined, load && needed);
  const languages = useSection('chartLanguageNames', args, undefined, load && needed);
  return useMemo(
    () => (needed ? namesFromItems([countries.data ?? [], languages.data ?? []]) : null),
    [needed, countries.data, languages.data],
  );
};
