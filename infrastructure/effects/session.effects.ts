import { ignoreElements, map, tap } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';

export interface SessionEffectDeps {
  /** Forgets both tokens and the stored session keys of SPEC section 4. */
  forgetSession(): void;
}

/** Logout ends the session locally; the server side of logout arrives with the accounts work. */
export const logoutEffect: Effect<SessionEffectDeps> = (live$) =>
  live$.pipe(
    ofType('session/logout'),
    map((): AppEvent => ({ type: 'session/signedOut', reason: 'logout' })),
  );

/** Whatever ended the session in this tab, its tokens and stored keys go with it. */
export const forgetSessionEffect: Effect<SessionEffectDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('session/signedOut'),
    tap(() => deps.forgetSession()),
    ignoreElements(),
  );
