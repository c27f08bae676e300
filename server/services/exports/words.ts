import { CATALOGUES } from '../../../domain/i18n/catalogues';
import { en, type MessageKey } from '../../../domain/i18n/en';
import { productLanguage } from '../../../domain/i18n/languages';
import { serverMessageReader } from '../../../domain/i18n/serverMessages';
import type { TableWords } from '../../../domain/exports/table';
import type { ContentsWords } from './workbook';

/** A key with plural forms (`fact_respondents_one`, `fact_respondents_other`, ...) named without its form. */
type PluralKey<K> = K extends `${infer Base}_other` ? Base : never;
export type TranslationKey = MessageKey | PluralKey<MessageKey>;

export type Translate = (key: TranslationKey, values?: Readonly<Record<string, string | number>>) => string;

/**
 * The catalogue text of a key in a language (English when the language or the key is missing),
 * {{placeholders}} filled. Given a numeric `count`, a key with plural forms is read in the form the
 * language's rules choose for it (Arabic's six among them), `_other` when that form is missing.
 */
export const translator = (locale: string | undefined): Translate => {
  const language = (locale ?? '').trim().toLowerCase();
  const primary = language.split(/[-_]/)[0] ?? '';
  const known = CATALOGUES[language] !== undefined ? language : CATALOGUES[primary] !== undefined ? primary : 'en';
  const catalogue: Readonly<Record<string, string | undefined>> = CATALOGUES[known] ?? en;
  const english: Readonly<Record<string, string | undefined>> = en;
  const plurals = new Intl.PluralRules(productLanguage(known).lang);
  const textOf = (key: TranslationKey, count: unknown): string => {
    if (typeof count === 'number') {
      const form = plurals.select(count);
      const plural = catalogue[`${key}_${form}`] ?? catalogue[`${key}_other`] ?? english[`${key}_${form}`] ?? english[`${key}_other`];
      if (plural !== undefined) return plural;
    }
    return catalogue[key] ?? english[key] ?? key;
  };
  return (key, values = {}) =>
    textOf(key, values.count).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
};

const readServerSentence = serverMessageReader(en);

/**
 * A sentence of the server's (SPEC section 8 keeps them English, such as a withheld card's
 * 'It needs at least 10 answers.') in the reader's language, read back to its catalogue key as
 * the pages do (domain/i18n/serverMessages.ts), a counted one in the language's plural form.
 * A sentence without a key stays as it came.
 */
export const serverSentence = (locale: string | undefined): ((message: string) => string) => {
  const t = translator(locale);
  return (message) => {
    const found = readServerSentence(message);
    return found === undefined ? message : t(found.key as TranslationKey, found.values ?? {});
  };
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

/** The contents sheet's words in a language. */
export const contentsWords = (t: Translate): ContentsWords => ({ name: t('export_contents'), sheet: t('export_contents_sheet'), title: t('export_contents_title') });
