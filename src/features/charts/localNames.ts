import { useMemo } from 'react';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { useTranslation } from '../../hooks/translation';
import { AnyLookupItem, type ItemName } from '../../../domain/contracts/lookups';
import { fixedNames } from '../../../domain/i18n/fixedLabels';
import { type LabelFacts, type LocalNames, localiseLabels } from '../../../domain/i18n/labels';
import { productLanguage } from '../../../domain/i18n/languages';
import { useSection } from '../../hooks/resources';

export { localiseLabels, type LabelFacts, type LocalNames };

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

/** The names, codes and English fallbacks of the typed-in lists' items (GET /lookup-names). */
export const factsFromNames = (items: readonly ItemName[]): { names: Map<string, string>; facts: LabelFacts } => {
  const names = new Map<string, string>();
  const codes = new Map<string, string>();
  const untranslated = new Set<string>();
  for (const item of items) {
    const id = String(item.principleId);
    names.set(id, item.name);
    codes.set(id, item.code);
    if (item.untranslated) untranslated.add(id);
  }
  return { names, facts: { codes, untranslated } };
};

/** lang="en" for a label localiseLabels marked as still English, so a screen reader says it in English. */
export const fallbackLang = (labelled: object | undefined): 'en' | undefined =>
  (labelled as { untranslated?: unknown } | undefined)?.untranslated === true ? 'en' : undefined;

/** The built-in English and 'en' need no names: the statistics are labelled in English. */
export const namesNeeded = (code: string): boolean => !productLanguage(code).lang.startsWith('en');

export interface ChartLabels {
  /** Names by principle id in the page's language; null: the statistics' own labels stand. */
  readonly names: LocalNames | null;
  readonly facts: LabelFacts;
  /** The cells that are no item ('No answer', 'Yes') by their English label, in the page's language. */
  readonly fixed: LocalNames;
}

/**
 * Country and language names (with their zones) in the page's language, and the typed-in
 * lists' names and codes (in every language: the gender colours need the codes), for the
 * charts' labels. One component of a page loads them (`load`), the cards only read them; a
 * change of language loads them again, in the new language (the request's X-Locale).
 */
export const useChartLabels = (load = false): ChartLabels => {
  const { t, language } = useTranslation();
  const needed = namesNeeded(language);
  const args = useMemo(() => ({ lang: language }), [language]);
  const countries = useSection('chartCountryNames', args, undefined, load && needed);
  const languages = useSection('chartLanguageNames', args, undefined, load && needed);
  const typed = useSection('chartLabelNames', args, undefined, load);
  const fixed = useMemo(() => (needed ? fixedNames((key) => t(key)) : new Map<string, string>()), [needed, t]);
  return useMemo(() => {
    const fromTyped = factsFromNames(typed.data ?? []);
    if (!needed) return { names: fromTyped.names.size > 0 ? fromTyped.names : null, facts: fromTyped.facts, fixed };
    const names = namesFromItems([countries.data ?? [], languages.data ?? []]);
    for (const [id, name] of fromTyped.names) names.set(id, name);
    return { names, facts: fromTyped.facts, fixed };
  }, [needed, countries.data, languages.data, typed.data, fixed]);
};

/** The names alone (see useChartLabels). */
export const useLocalNames = (load = false): LocalNames | null => useChartLabels(load).names;

/**
 * A section's data with its labels in the page's language (localiseLabels with the page's
 * names), for pages that draw a statistic without a StatCard (the compare pages). With
 * `byItem` false only the fixed cells are worded: the census's keys are its own codes, not items.
 */
export const useLocalisedLabels = <T>(data: T | null, byItem = true): T | null => {
  const { names, facts, fixed } = useChartLabels();
  return useMemo(
    () => (data === null ? null : byItem ? localiseLabels(data, names, facts, fixed) : localiseLabels(data, null, undefined, fixed)),
    [data, byItem, names, facts, fixed],
  );
};
