// The first-load part: importing the whole `en` would put every page's texts in the charts' chunk.
import { enFirstLoad as en } from './en.firstLoad';

/**
 * Catalogue keys of the labels the statistics give cells that are no lookup item ('No answer',
 * 'Yes', the education splits...). The server labels such a cell with the key's English text
 * and nothing else, so that text is as stable as the key: the dashboards and exports word it
 * again in the reader's language (fixedNames), as they do for the lookup items by id.
 */
export const FIXED_LABEL_KEYS = [
  'stat_label_no_answer',
  'stat_label_yes',
  'stat_label_no',
  'stat_label_other',
  'stat_label_prefer_not',
  'stat_label_tertiary',
  'stat_label_completed',
  'stat_label_not_completed',
  'stat_label_born_here',
  'stat_label_born_elsewhere',
  'stat_label_monolingual',
  'stat_label_multilingual',
  'stat_label_born_abroad',
  'stat_label_parent_abroad',
  'stat_label_grandparent_abroad',
  'stat_label_no_relative_abroad',
  'stat_label_religious',
  'stat_label_secular',
  'stat_label_one_heritage',
  'stat_label_several_heritages',
] as const;
export type FixedLabelKey = (typeof FIXED_LABEL_KEYS)[number];

/** The English label the statistics carry for a fixed cell. */
export const fixedLabel = (key: FixedLabelKey): string => en[key];

/**
 * The fixed labels' names in a language, by their English label (what the cells carry). A
 * catalogue without the key (the translator answers the key itself) leaves the English label.
 */
export const fixedNames = (word: (key: FixedLabelKey) => string): Map<string, string> =>
  new Map(FIXED_LABEL_KEYS.map((key) => [en[key], word(key) === key ? en[key] : word(key)]));
