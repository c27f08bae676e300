import { EMPTY, catchError, exhaustMap, filter, mergeMap, of, switchMap, withLatestFrom, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { FormId } from '../../domain/account/forms';
import {
  changePassword, getTwoFactorToken, headRegister, resetPasswordRequest, saveUserSetting, sendTwoFactorCode,
  toggleTwoFactor, updatePassword, updatePassword2fa, updateUser,
} from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';
import type { TokenCookies } from '../storage/cookies';
import type { Secrets } from '../app/secrets';
import { failureText } from './failure';

export interface AccountDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly cookies: Pick<TokenCookies, 'setPrimary'>;
  readonly secrets: Pick<Secrets, 'setTotp'>;
}

const failed = (form: FormId) => (error: unknown): Observable<AppEvent> =>
  of({ type: 'form/failed', form, ...failureText(error, Messages.unknownError) });

const succeeded = (form: FormId, message: string | null = null): AppEvent => ({ type: 'form/succeeded', form, message });

/** Every form is sent once at a time (exhaustMap): a double click is one request. */
export const registerEffect: Effect<AccountDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('account/register'),
    exhaustMap(({ form }) =>
      deps.api.call(headRegister, { body: form, silent: true }).pipe(
        mergeMap((): AppEvent[] => [{ type: 'account/registered', email: form.email }, succeeded('register')]),
        catchError(failed('register')),
      ),
    ),
  );

export const passwordResetEffects: Effect<AccountDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('account/requestPasswordReset', 'account/resetPassword'),
    exhaustMap((command) =>
      command.type === 'account/requestPasswordReset'
        ? deps.api.call(resetPasswordRequest, { body: { email: command.email }, silent: true }).pipe(
            mergeMap((result) => [succeeded('resetRequest', result.message ?? null)]),
            catchError(failed('resetRequest')),
          )
        : deps.api
            .call(changePassword, {
              body: { token: command.token, password: command.password, password_confirmation: command.password_confirmation },
              silent: true,
            })
            .pipe(
              mergeMap(() => [succeeded('resetPassword')]),
              catchError(failed('resetPassword')),
            ),
    ),
  );

/** A changed password comes with a new token: the old ones were revoked by the server. */
export const changePasswordEffect: Effect<AccountDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('account/changePassword'),
    exhaustMap(({ current_password, password, password_confirmation, code }) => {
      const call =
        code === null
          ? deps.api.call(updatePassword, { body: { current_password, password, password_confirmation }, silent: true })
          : deps.api.call(updatePassword2fa, { body: { current_password, password, password_confirmation, code }, silent: true });
      return call.pipe(
        mergeMap((result) => {
          if (result.data) deps.cookies.setPrimary(result.data.access_token);
          return [succeeded('changePassword')];
        }),
        catchError(failed('changePassword')),
      );
    }),
  );

/** A saved language also becomes the language of the interface. */
export const updateProfileEffect: Effect<AccountDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('account/updateProfile'),
    withLatestFrom(state$),
    exhaustMap(([{ first_name, last_name, locale_id }, state]) =>
      deps.api.call(updateUser, { body: { first_name, last_name, locale_id }, silent: true }).pipe(
        mergeMap((result): AppEvent[] => {
          const events: AppEvent[] = result.data ? [{ type: 'session/userUpdated', user: result.data }] : [];
          if (locale_id && locale_id !== state.i18n.language) events.push({ type: 'i18n/languageSelected', code: locale_id });
          return [...events, succeeded('profile')];
        }),
        catchError(failed('profile')),
      ),
    ),
  );

/**
 * A language chosen in a switcher while signed in is kept in the account too, so it follows the
 * person to another browser. Silent: the page is already in the new language either way.
 */
export const keepLanguageEffect: Effect<AccountDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('i18n/selectLanguage'),
    withLatestFrom(state$),
    filter(([{ code }, state]) => state.session.signedIn && !state.session.passwordExpired && state.session.user !== null && state.session.user.locale_id !== code),
    switchMap(([{ code }]) =>
      deps.api.call(updateUser, { body: { locale_id: code }, silent: true }).pipe(
        mergeMap((result): AppEvent[] => (result.data ? [{ type: 'session/userUpdated', user: result.data }] : [])),
        catchError(() => EMPTY),
      ),
    ),
  );

export const saveSettingEffect: Effect<AccountDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('account/saveSetting'),
    withLatestFrom(state$),
    exhaustMap(([{ setting }, state]) =>
      deps.api.call(saveUserSetting, { body: setting, silent: true }).pipe(
        mergeMap((result): AppEvent[] => {
          const user = state.session.user;
          const done = succeeded('banners');
          return user && result.data ? [{ type: 'session/userUpdated', user: { ...user, setting: result.data } }, done] : [done];
        }),
        catchError(failed('banners')),
      ),
    ),
  );

/** The authenticator secret goes to the secrets holder, never into an event. */
export const totpSetupEffect: Effect<AccountDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('account/startTotpSetup'),
    exhaustMap(() =>
      deps.api.call(getTwoFactorToken, { silent: true }).pipe(
        mergeMap((result): AppEvent[] => {
          if (!result.data) return [];
          deps.secrets.setTotp(result.data);
          return [{ type: 'account/totpSetupStarted' }];
        }),
        catchError(failed('twoFactor')),
      ),
    ),
  );

export const twoFactorCodeEffect: Effect<AccountDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('account/sendTwoFactorCode'),
    exhaustMap(() =>
      deps.api.call(sendTwoFactorCode, { silent: true }).pipe(
        mergeMap((result): AppEvent[] => (result.data ? [{ type: 'account/twoFactorCodeSent', expiresAt: result.data.expired_time }] : [])),
        catchError(failed('twoFactor')),
      ),
    ),
  );

export const toggleTwoFactorEffect: Effect<AccountDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('account/toggleTwoFactor'),
    withLatestFrom(state$),
    exhaustMap(([{ method, code }, state]): Observable<AppEvent> => {
      const user = state.session.user;
      if (!user) return EMPTY;
      return deps.api.call(toggleTwoFactor, { body: { method, code }, silent: true }).pipe(
        mergeMap((result): AppEvent[] => {
          deps.secrets.setTotp(null);
          const twoFactor = result.data?.two_factor ?? user.two_factor;
          return [{ type: 'session/userUpdated', user: { ...user, two_factor: twoFactor } }, succeeded('twoFactor')];
        }),
        catchError(failed('twoFactor')),
      );
    }),
  );
