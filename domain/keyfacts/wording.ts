import type { NumberFormats } from '../i18n/numbers';
import type { KeyFact } from './facts';

/**
 * Looks a fact's message up in the reader's catalogue, {{placeholders}} filled; given a `count`,
 * it picks the plural form the language's rules ask for (the translator in the browser, the server's
 * translator in a report).
 */
export type FactTranslate = (key: KeyFact['key'], values: Readonly<Record<string, string | number>>) => string;

/**
 * A key fact as the sentence a reader sees, in their language and with the figures written in
 * its conventions: the same words on the dashboard and in the PDF report. The count is given
 * to the catalogue as a number (to choose the plural form) and then written in the language's digits.
 */
export const keyFactSentence = (fact: KeyFact, t: FactTranslate, numbers: NumberFormats): string => {
  if ('count' in fact) return t(fact.key, { count: fact.count }).replace(String(fact.count), numbers.count(fact.count));
  const values: Record<string, string> = {};
  if ('name' in fact) values.name = fact.name;
  if ('percent' in fact) values.percent = numbers.percent(fact.percent);
  return t(fact.key, values);
};
