import { ignoreElements, tap } from 'rxjs';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';

export interface SessionEffectDeps {
  /** Forgets both tokens and the stored session keys of SPEC section 4. */
  forgetSession(): void;
}

/** Whatever ended the session in this tab, its tokens and stored keys go with it. */
export const forgetSessionEffect: Effect<SessionEffectDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('session/signedOut'),
    tap(() => deps.forgetSession()),
    ignoreElements(),
  );
