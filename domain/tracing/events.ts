import * as t from 'io-ts';
import { message } from '../kernel/message';
import { REPORT_LIMITS } from '../contracts/tracing';
import { answerTexts, scrubText, scrubUrl } from './scrub';

const RawKind = t.keyof({ render: null, rejection: null });

/**
 * An error the application caught (a screen that failed to render, a rejection nobody
 * handled), as raw as it was seen. Commands never reach the log; decide scrubs it into the
 * `tracing/captured` event, so the log (and an exported log file) only holds the scrubbed one.
 */
export const tracingCommands = {
  report: message('tracing/report', {
    kind: RawKind,
    message: t.string,
    stack: t.union([t.string, t.null]),
    url: t.string,
  }),
};

export const ScrubbedReport = t.strict({
  kind: t.keyof({ render: null, rejection: null, api: null }),
  message: t.string,
  stack: t.union([t.string, t.null]),
  url: t.string,
  code: t.union([t.string, t.null]),
});
export type ScrubbedReport = t.TypeOf<typeof ScrubbedReport>;

export const tracingEvents = {
  captured: message('tracing/captured', { report: ScrubbedReport }),
  /** Sent to the server, or left out: sampled out, a repeat, over the per-minute bound, or the send failed. */
  sent: message('tracing/sent', { fingerprint: t.string }),
  skipped: message('tracing/skipped', { reason: t.keyof({ sampledOut: null, repeat: null, overLimit: null, failed: null }) }),
};

export const TracingCommand = tracingCommands.report;
export type TracingCommand = t.TypeOf<typeof TracingCommand>;
export const TracingEvent = t.union([tracingEvents.captured, tracingEvents.sent, tracingEvents.skipped]);
export type TracingEvent = t.TypeOf<typeof TracingEvent>;

const cut = (text: string, max: number): string => (text.length <= max ? text : text.slice(0, max));
/** Scrubbing is linear, but a megabyte message is cut first; a word cut in two at the edge goes too. */
const PRE_CUT = 65_536;
const preCut = (text: string): string => (text.length <= PRE_CUT ? text : text.slice(0, PRE_CUT).replace(/\S*$/, ''));

/** A report scrubbed of tokens, emails, query strings and the given answer texts, and cut to size. */
export const scrubReport = (
  raw: { kind: ScrubbedReport['kind']; message: string; stack: string | null; url: string; code?: string | null },
  answers: readonly string[],
): ScrubbedReport => ({
  kind: raw.kind,
  message: cut(scrubText(preCut(raw.message), answers), REPORT_LIMITS.message),
  stack: raw.stack === null ? null : cut(scrubText(preCut(raw.stack), answers), REPORT_LIMITS.stack),
  url: cut(scrubUrl(raw.url), REPORT_LIMITS.url),
  code: raw.code === undefined || raw.code === null ? null : cut(scrubText(raw.code), REPORT_LIMITS.code),
});

/** decide's part: the raw error becomes its scrubbed fact, with the survey's answer texts removed. */
export const decideTracing = (command: TracingCommand, surveyAnswers: unknown): TracingEvent[] => [
  { type: 'tracing/captured', report: scrubReport(command, answerTexts(surveyAnswers)) },
];
