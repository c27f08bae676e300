// Shown to people, link times go through dateFormats' utcTime (domain/i18n/dates.ts).

/** The value of a datetime-local input that shows an instant in UTC ('YYYY-MM-DDTHH:mm'). */
export const toUtcInput = (instant: Date): string => instant.toISOString().slice(0, 16);

/** What a datetime-local input in UTC means as an instant, as the server reads it. */
export const fromUtcInput = (value: string): string => `${value}:00Z`;

/** A week from now at the same minute, the default expiry of a new link. */
export const defaultExpiry = (now: Date): string => toUtcInput(new Date(now.getTime() + 7 * 86_400_000));
