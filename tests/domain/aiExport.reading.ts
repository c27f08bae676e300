import type { ExportDescription } from '../../domain/contracts/aiExport';
import type { Interpretation } from '../../domain/aiExport/interpret';
import type { ExpectedReading } from './aiExport.requests';

/** The expected reading as the description the interpreter answers (no format named: a spreadsheet). */
export const descriptionOf = (expected: ExpectedReading): ExportDescription => ({
  pages: expected.pages.map(([page, ...cards]) => ({ page, cards })),
  filter: expected.filter ?? {},
  format: expected.format ?? 'xlsx',
  ...(expected.groups === undefined ? {} : { groups: [...expected.groups] }),
  ...(expected.census === undefined ? {} : { census: expected.census }),
});

/** Filters compared whatever the order of their keys. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sorted(inner)]))
      : value;

export const sameDescription = (a: ExportDescription, b: ExportDescription): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

/**
 * How a request was read: 'read' (understood as meant, nothing asked), 'asked' (the closest
 * reading, with a question back), 'wrong' (another reading, with or without a question) or
 * 'refused'.
 */
export const readingOf = (reading: Interpretation, expected: ExpectedReading): 'read' | 'asked' | 'wrong' | 'refused' => {
  if (reading.status === 'refused') return 'refused';
  if (!sameDescription(reading.description, descriptionOf(expected))) return 'wrong';
  return (reading.questions ?? []).length === 0 ? 'read' : 'asked';
};
