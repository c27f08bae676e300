import { catchError, distinctUntilChanged, EMPTY, map, mergeMap, switchMap, timer, withLatestFrom } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { saveUserSetting } from '../../domain/contracts/auth';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';

export interface SlideShowDeps {
  readonly api: Pick<ApiClient, 'call'>;
}

/**
 * Auto-advance: while the show runs and plays, the slide's interval is counted from its last
 * move (a key press, a click or the previous advance), then the show advances by one.
 */
export const slideTimerEffect: Effect<SlideShowDeps> = (_live$, state$) =>
  state$.pipe(
    map((state) => state.slideShow),
    distinctUntilChanged((a, b) => a.running === b.running && a.playing === b.playing && a.moves === b.moves && a.setting.interval === b.setting.interval),
    switchMap((show) => (show.running && show.playing && show.count > 1 ? timer(show.setting.interval * 1000).pipe(map((): AppEvent => ({ type: 'slideShow/advanced' }))) : EMPTY)),
  );

/** The chosen pages, order and interval are kept in the person's settings (POST /user/setting). */
export const slideSettingEffect: Effect<SlideShowDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('slideShow/configured'),
    withLatestFrom(state$),
    switchMap(([{ setting }, state]) => {
      const user = state.session.user;
      if (user === null) return EMPTY;
      return deps.api.call(saveUserSetting, { body: { banners: user.setting.banners, slide_show: setting }, silent: true }).pipe(
        mergeMap((result): AppEvent[] => (result.data ? [{ type: 'session/userUpdated', user: { ...user, setting: result.data } }] : [])),
        // Not kept on the server: the show still runs with it until the page is left.
        catchError(() => EMPTY),
      );
    }),
  );
