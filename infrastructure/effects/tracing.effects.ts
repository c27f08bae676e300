import { catchError, defer, filter, map, merge, mergeMap, of, withLatestFrom, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { postErrorReport } from '../../domain/contracts/tracing';
import { admit, fingerprintOf, openGate, type ReportGate } from '../../domain/tracing/gate';
import { type ScrubbedReport, scrubReport } from '../../domain/tracing/events';
import { answerTexts } from '../../domain/tracing/scrub';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';

export interface TracingDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly clock: { now(): number };
  /** A number in [0, 1); reports go out when it falls below the sample rate. */
  random(): number;
  /** SPEC section 9: 1 in production; VITE_ERROR_SAMPLE_RATE sets it at build time. */
  readonly errorSampleRate: number;
}

// A failed report must not report itself, and 401/417 are how a session ends, not errors.
const REPORT_ROUTE = postErrorReport.path;
const UNREPORTED_CODES: ReadonlySet<number | string> = new Set([401, 417]);

/**
 * Sends captured errors and failed calls to the server: sampled, scrubbed (render failures
 * and rejections by decide, failed calls here), a repeat within ten minutes or a sixth report
 * within a minute left out. mergeMap: reports are independent and each call is short.
 */
export const errorReportEffect: Effect<TracingDeps> = (live$, state$, deps) =>
  defer(() => {
    let gate: ReportGate = openGate;
    const captured$ = live$.pipe(
      ofType('tracing/captured'),
      map((event) => event.report),
    );
    const failedCalls$ = live$.pipe(
      ofType('api/failed'),
      filter((event) => event.url !== REPORT_ROUTE && !UNREPORTED_CODES.has(event.code)),
      withLatestFrom(state$),
      map(([event, state]): ScrubbedReport =>
        scrubReport({ kind: 'api', message: event.message ?? 'request failed', stack: null, url: event.url, code: String(event.code) }, answerTexts(state.survey.answers)),
      ),
    );
    return merge(captured$, failedCalls$).pipe(
      mergeMap((report): Observable<AppEvent> => {
        if (deps.random() >= deps.errorSampleRate) return of({ type: 'tracing/skipped', reason: 'sampledOut' });
        const fingerprint = fingerprintOf(report);
        const verdict = admit(gate, fingerprint, deps.clock.now());
        gate = verdict.gate;
        if (verdict.verdict !== 'send') return of({ type: 'tracing/skipped', reason: verdict.verdict });
        return deps.api.call(postErrorReport, { body: report, silent: true }).pipe(
          map((): AppEvent => ({ type: 'tracing/sent', fingerprint })),
          catchError(() => of<AppEvent>({ type: 'tracing/skipped', reason: 'failed' })),
        );
      }),
    );
  });

/** The raw shape a caught value is reported in: its message and stack, whatever was thrown. */
export const describeThrown = (value: unknown): { message: string; stack: string | null } => {
  if (value instanceof Error) return { message: `${value.name}: ${value.message}`, stack: value.stack ?? null };
  if (typeof value === 'string') return { message: value, stack: null };
  try {
    return { message: JSON.stringify(value) ?? String(value), stack: null };
  } catch {
    return { message: Object.prototype.toString.call(value), stack: null };
  }
};

