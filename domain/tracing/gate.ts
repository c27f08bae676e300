/**
 * Which captured errors are sent: a report identical to one sent in the last ten minutes is
 * a repeat (a failing render retried, a call failing on every refresh), and at most a few go
 * out a minute, so a loop of failures never becomes a loop of reports. Pure: the caller keeps
 * the gate and passes the time.
 */
export const REPEAT_WINDOW_MS = 10 * 60_000;
export const MAX_REPORTS_PER_MINUTE = 5;
/** Fingerprints remembered at most; the oldest are forgotten first. */
const MAX_REMEMBERED = 200;

export interface ReportGate {
  /** Fingerprint → when it was last sent. */
  readonly sent: ReadonlyMap<string, number>;
  /** Times of the sends of the last minute. */
  readonly recent: readonly number[];
}

export const openGate: ReportGate = { sent: new Map(), recent: [] };

export type GateVerdict = 'send' | 'repeat' | 'overLimit';

export const fingerprintOf = (report: { kind: string; message: string; url: string; code?: string | null }): string =>
  [report.kind, report.code ?? '', report.url, report.message].join('\u0000');

export const admit = (gate: ReportGate, fingerprint: string, now: number): { gate: ReportGate; verdict: GateVerdict } => {
  const last = gate.sent.get(fingerprint);
  if (last !== undefined && now - last < REPEAT_WINDOW_MS) return { gate, verdict: 'repeat' };
  const recent = gate.recent.filter((at) => now - at < 60_000);
  if (recent.length >= MAX_REPORTS_PER_MINUTE) return { gate: { ...gate, recent }, verdict: 'overLimit' };
  const sent = new Map([...gate.sent].filter(([, at]) => now - at < REPEAT_WINDOW_MS).slice(-(MAX_REMEMBERED - 1)));
  sent.set(fingerprint, now);
  return { gate: { sent, recent: [...recent, now] }, verdict: 'send' };
};

/** SPEC section 9: every error is traced (rate 1) unless configured lower; bad values mean 1. */
export const sampleRateOf = (raw: string | undefined): number => {
  if (raw === undefined || raw.trim() === '') return 1;
  const rate = Number(raw);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : 1;
};
