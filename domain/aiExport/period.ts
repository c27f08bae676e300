import type { DateRange } from '../contracts/organization';
import type { PeriodWord } from './words';

/**
 * Periods named in words ("since January", "last quarter", "in 2025") as dates, and the
 * organisation's saved date range that is the same period, or else the nearest one. Dates are
 * 'YYYY-MM-DD' in UTC; a period without `to` runs up to today.
 */
export interface Period {
  readonly from: string;
  readonly to?: string;
}

const pad = (value: number): string => String(value).padStart(2, '0');
const dayOf = (year: number, month: number, day: number): string => `${year}-${pad(month)}-${pad(day)}`;
const lastDayOf = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const monthPeriod = (year: number, month: number): Period => ({ from: dayOf(year, month, 1), to: dayOf(year, month, lastDayOf(year, month)) });
export const yearPeriod = (year: number): Period => ({ from: dayOf(year, 1, 1), to: dayOf(year, 12, 31) });

const todayParts = (today: string): [number, number] => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return [year, month];
};

/** The year of the latest `month` on or before today ("since August" in November is this August, in March last year's). */
export const latestYearOf = (month: number, today: string): number => {
  const [year, todayMonth] = todayParts(today);
  return month > todayMonth ? year - 1 : year;
};

/** The period a word names, counted back from today. */
export const periodOfWord = (word: Exclude<PeriodWord, 'since'>, today: string): Period => {
  const [year, month] = todayParts(today);
  const quarter = Math.floor((month - 1) / 3);
  switch (word) {
    case 'this_year':
      return { from: dayOf(year, 1, 1) };
    case 'last_year':
      return yearPeriod(year - 1);
    case 'this_quarter':
      return { from: dayOf(year, quarter * 3 + 1, 1) };
    case 'last_quarter': {
      const [inYear, last] = quarter === 0 ? [year - 1, 3] : [year, quarter - 1];
      const end = last * 3 + 3;
      return { from: dayOf(inYear, last * 3 + 1, 1), to: dayOf(inYear, end, lastDayOf(inYear, end)) };
    }
    case 'this_month':
      return { from: dayOf(year, month, 1) };
    case 'last_month':
      return month === 1 ? monthPeriod(year - 1, 12) : monthPeriod(year, month - 1);
  }
};

const DAY = 86_400_000;
const time = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The days a period covers up to today, as [first, last] in ms: an open period and one ending later both stop today. */
const spanOf = (period: Period, today: string): [number, number] => {
  const from = time(period.from);
  const to = Math.min(time(period.to ?? today), time(today));
  return [from, Math.max(from, to)];
};

export const periodOfRange = (range: DateRange): Period | undefined => {
  if (range.type === 'since') return /^\d{4}-\d{2}-\d{2}$/.test(range.value) ? { from: range.value } : undefined;
  const [from, to] = range.value.split('..');
  return from !== undefined && to !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) ? { from, to } : undefined;
};

/** How much two periods share, from 0 (no day in common) to 1 (the same days): shared days over the days of either. */
const overlapOf = (a: Period, b: Period, today: string): number => {
  const [aFrom, aTo] = spanOf(a, today);
  const [bFrom, bTo] = spanOf(b, today);
  const shared = Math.min(aTo, bTo) - Math.max(aFrom, bFrom) + DAY;
  if (shared <= 0) return 0;
  const either = Math.max(aTo, bTo) - Math.min(aFrom, bFrom) + DAY;
  return shared / either;
};

/** The saved range that is the period asked for (the same days up to today), or else the one sharing most of its days. */
export const savedRangeFor = (period: Period, ranges: readonly DateRange[], today: string): { readonly exact?: DateRange; readonly closest?: DateRange } => {
  let closest: { range: DateRange; overlap: number } | undefined;
  for (const range of ranges) {
    const saved = periodOfRange(range);
    if (saved === undefined) continue;
    const overlap = overlapOf(period, saved, today);
    if (overlap >= 1) return { exact: range };
    if (overlap > 0 && (closest === undefined || overlap > closest.overlap)) closest = { range, overlap };
  }
  return closest === undefined ? {} : { closest: closest.range };
};
