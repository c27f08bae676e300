import { EMPTY, catchError, map, mergeMap, of, switchMap } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { SessionState } from '../../domain/session/state';
import { getPasswordConfig } from '../../domain/contracts/system';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';

export interface StartDeps {
  readonly api: Pick<ApiClient, 'call'>;
  /** What the token cookies and the persisted session say about this browser. */
  readSession(): { session: SessionState | null; hasToken: boolean; hasSecondaryToken: boolean };
  /** The server's password rule is kept under the `regex` key for forms opened offline. */
  rememberPasswordRule(regex: string): void;
  selectedLanguage(): string;
  /** The browser's language when this device has no choice kept (the survey page follows it). */
  browserLanguage?(): string | undefined;
}

/** A new tab rebuilds its session from storage: the tab channel never replays old messages. */
export const restoreSessionEffect: Effect<StartDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('app/start'),
    map((): AppEvent => ({ type: 'session/restored', ...deps.readSession() })),
  );

export const passwordRuleEffect: Effect<StartDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('app/start'),
    // A second start (there is none today) would only repeat the same question.
    switchMap(() =>
      deps.api.call(getPasswordConfig, { silent: true }).pipe(
        mergeMap((result) => {
          if (!result.data) return EMPTY;
          deps.rememberPasswordRule(result.data.regex);
          return of<AppEvent>({ type: 'config/passwordRuleLoaded', regex: result.data.regex });
        }),
        // The fallback rule of SPEC section 5 stays in force.
        catchError(() => EMPTY),
      ),
    ),
  );

export const initialLanguageEffect: Effect<Pick<StartDeps, 'selectedLanguage' | 'browserLanguage'>> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('app/start'),
    map((): AppEvent => {
      const followed = deps.browserLanguage?.();
      return followed === undefined ? { type: 'i18n/languageSelected', code: deps.selectedLanguage() } : { type: 'i18n/languageFollowed', code: followed };
    }),
  );
