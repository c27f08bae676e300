/**
 * A GET of one of the application's own endpoints, answered exactly as it answers the caller
 * (their token, group view and language). Services that write released figures elsewhere (a
 * spreadsheet, a certificate) read them through it, so they pass the same authentication, group
 * scope, selection budget and disclosure control as the dashboard and can only hold figures the
 * dashboard releases. The route builds it (server/http/internalRead.ts).
 */
export type ReleasedReader = (
  url: string,
  /** POST for the few statistics endpoints asked with one (benchmark/internal/process); no body. */
  method?: 'GET' | 'POST',
) => Promise<{ readonly statusCode: number; readonly body: string }>;
