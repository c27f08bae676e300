import { catchError, map, of, switchMap, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { viewAs } from '../../domain/contracts/groups';
import { Messages } from '../../domain/contracts/envelope';
import { DEFAULT_DEPARTMENT_ID } from '../../domain/session/state';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';
import type { TokenCookies } from '../storage/cookies';
import { failureText } from './failure';

export interface ViewAsDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly cookies: Pick<TokenCookies, 'setSecondary' | 'clearSecondary'>;
}

/**
 * SPEC section 4, view as: fetch the secondary token, keep it where view-as calls find it,
 * then say the view changed (the session check follows it). Back to one's own view drops
 * the secondary token. A newer switch supersedes one still on its way.
 */
export const viewAsEffect: Effect<ViewAsDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('session/viewAsRequested'),
    switchMap(({ departmentId }): Observable<AppEvent> => {
      if (departmentId === DEFAULT_DEPARTMENT_ID) {
        deps.cookies.clearSecondary();
        return of({ type: 'session/viewAsChanged', departmentId, viewingAs: false });
      }
      // Not silent: a refusal (no consent, not one's group) is shown as a notification in the server's words.
      return deps.api.call(viewAs, { body: { group_id: departmentId } }).pipe(
        map((result): AppEvent => {
          if (!result.data) return { type: 'session/viewAsFailed', departmentId, message: Messages.unknownError };
          deps.cookies.setSecondary(result.data.access_token);
          return { type: 'session/viewAsChanged', departmentId, viewingAs: true };
        }),
        catchError((error: unknown) => of<AppEvent>({ type: 'session/viewAsFailed', departmentId, message: failureText(error, Messages.unknownError).message })),
      );
    }),
  );
