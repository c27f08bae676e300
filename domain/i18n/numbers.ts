import { productLanguage } from './languages';

/** How figures read in one language: counts grouped, shares with one decimal always shown (SPEC section 9). */
export interface NumberFormats {
  readonly count: (value: number) => string;
  readonly percent: (value: number) => string;
}

const formatsByLanguage = new Map<string, NumberFormats>();

/**
 * The figures of a product language through Intl, in that language's own conventions: '2 001'
 * and '12,3 %' in French, the digits CLDR gives Arabic by default. Shares arrive as 0 to 100
 * with one decimal; they are rounded to it again before Intl divides them, so 12.35 never
 * reads differently from one language to another.
 */
export const numberFormats = (code: string): NumberFormats => {
  const known = formatsByLanguage.get(code);
  if (known) return known;
  const { lang } = productLanguage(code);
  const count = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const formats: NumberFormats = {
    count: (value) => count.format(value),
    percent: (value) => percent.format(Math.round(value * 10) / 1000),
  };
  formatsByLanguage.set(code, formats);
  return formats;
};
