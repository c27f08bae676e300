import { EMPTY, asyncScheduler, concat, defer, distinctUntilChanged, map, merge, mergeMap, of, startWith, switchMap, take, timer, type Observable, type SchedulerLike } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import type { Clock } from '../../domain/kernel/clock';
import { INACTIVITY_LOGOUT_MS, idleStatus, untilNextChange } from '../../domain/session/inactivity';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ActivityTracker } from '../tabs/activity';

export interface InactivityDeps {
  readonly activity: ActivityTracker;
  readonly clock: Clock;
  readonly scheduler?: SchedulerLike;
}

const isMember = (s: AppState) => s.session.signedIn && !s.session.passwordExpired;

/**
 * The inactivity rules of SPEC section 4 across tabs, with no leader: every tab reads the one
 * last-action time in localStorage and sets its own timers from it, so activity anywhere keeps
 * every tab alive and each tab reaches the same verdict at the same moment.
 */
export const inactivityEffect: Effect<InactivityDeps> = (live$, state$, deps) => {
  const scheduler = deps.scheduler ?? asyncScheduler;
  const now = () => deps.clock.now();

  const warningShown = () => state$.pipe(take(1), map((s) => s.session.inactivityWarning));

  // switchMap: each change of the last-action time replaces the timers set from the old one.
  const verdicts = (): Observable<AppEvent> =>
    defer(() => {
      const last = deps.activity.last() ?? now();
      const status = idleStatus(last, now());
      if (status === 'expired') return of<AppEvent>({ type: 'session/signedOut', reason: 'inactivity' });
      const next = timer(untilNextChange(last, now()), scheduler).pipe(switchMap(verdicts));
      return concat(
        warningShown().pipe(
          mergeMap((shown): AppEvent[] => {
            if (status === 'warning' && !shown) return [{ type: 'session/inactivityWarned' }];
            if (status === 'active' && shown) return [{ type: 'session/inactivityWarningDismissed' }];
            return [];
          }),
        ),
        next,
      );
    });

  const whileSignedIn = (): Observable<AppEvent> => {
    // A new action after 30 silent minutes (a sleeping laptop) signs out instead of reviving.
    const actions = deps.activity.actions$.pipe(
      mergeMap((): AppEvent[] => {
        const last = deps.activity.last();
        if (last !== null && now() - last >= INACTIVITY_LOGOUT_MS) return [{ type: 'session/signedOut', reason: 'staleActivity' }];
        deps.activity.record(now());
        return [];
      }),
    );
    const stayActive = live$.pipe(
      ofType('session/stayActive'),
      mergeMap(() => {
        deps.activity.record(now());
        return EMPTY;
      }),
    );
    const timers = deps.activity.changes$.pipe(startWith(undefined), switchMap(verdicts));
    return merge(actions, stayActive, timers);
  };

  return state$.pipe(
    map(isMember),
    distinctUntilChanged(),
    switchMap((member) => {
      if (!member) return EMPTY;
      // A fresh sign-in starts the clock; a restored one keeps the time other tabs wrote.
      if (deps.activity.last() === null) deps.activity.record(now());
      return whileSignedIn();
    }),
  );
};
