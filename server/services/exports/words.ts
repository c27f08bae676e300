import { CATALOGUES } from '../../../domain/i18n/catalogues';
import { en, type MessageKey } from '../../../domain/i18n/en';
import type { TableWords } from '../../../domain/exports/table';

export type Translate = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

/** The catalogue text of a key in a language (English when the language or the key is missing), {{placeholders}} filled. */
export const translator = (locale: string | undefined): Translate => {
  const language = (locale ?? '').trim().toLowerCase();
  const catalogue = CATALOGUES[language] ?? CATALOGUES[language.split(/[-_]/)[0] ?? ''] ?? en;
  return (key, values = {}) =>
    (catalogue[key] ?? en[key]).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
};

/** The table words of domain/exports/table.ts in a language. */
export const tableWords = (t: Translate): TableWords => ({
  name: t('chart_col_name'),
  people: t('chart_col_count'),
  share: t('chart_col_percent'),
  total: t('chart_total'),
  level: t('export_col_level'),
  parent: t('export_col_parent'),
  headline: (key) => {
    const name = `stat_headline.${key}`;
    return name in en ? t(name as MessageKey) : key;
  },
});
