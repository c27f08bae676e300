import type { Translate } from '../../../infrastructure/i18n/translator';
import { isSuppressed, type StatCell } from '../../../domain/contracts/stats';
import { numberFormats, type NumberFormats } from './format';

/** Spoken summary of a chart: the first figures with their full names, hidden ones said as hidden. */
export const summarize = (cells: readonly StatCell[], t: Translate, numbers: NumberFormats = numberFormats('au'), max = 8): string => {
  if (cells.length === 0) return t('chart_no_figures');
  const parts = cells
    .slice(0, max)
    .map((c) => `${c.label}: ${isSuppressed(c) ? t('chart_hidden', { k: c.threshold }) : numbers.percent(c.percent)}`);
  const rest = cells.length - max;
  return `${parts.join('; ')}${rest > 0 ? `; ${t('chart_and_more', { count: rest })}` : ''}.`;
};
