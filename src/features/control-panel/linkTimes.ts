const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** SPEC section 9: dates as day, month name, year; survey link times are UTC, so they say so. */
export const formatUtc = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${time} UTC`;
};

/** The value of a datetime-local input that shows an instant in UTC ('YYYY-MM-DDTHH:mm'). */
export const toUtcInput = (instant: Date): string => instant.toISOString().slice(0, 16);

/** What a datetime-local input in UTC means as an instant, as the server reads it. */
export const fromUtcInput = (value: string): string => `${value}:00Z`;

/** A week from now at the same minute, the default expiry of a new link. */
export const defaultExpiry = (now: Date): string => toUtcInput(new Date(now.getTime() + 7 * 86_400_000));
