import { EMPTY, catchError, concat, defaultIfEmpty, defer, exhaustMap, filter, map, mergeMap, of, switchMap, take, withLatestFrom, type Observable } from 'rxjs';
import type { AppCommand, AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import { AuthMessages, checkAccessToken, getPermissions, login, login2fa, logout, type LoginResult } from '../../domain/contracts/auth';
import { ofType } from '../bus/ofType';
import type { Effect, LiveMessage } from '../bus/types';
import type { ApiClient, ApiSuccess } from '../http/client';
import type { TokenCookies } from '../storage/cookies';
import { oidcLogin, oidcStart, samlLogin, ssoLogin, ssoLogout, ssoStart } from '../../domain/contracts/sso';
import { safeReturnPath } from '../../domain/navigation/returnPath';
import { acceptInvitation, loginSecondAdmin } from '../../domain/contracts/members';
import { failureText } from './failure';

export interface AuthDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly cookies: Pick<TokenCookies, 'setPrimary'>;
  /** A fresh sign-in starts the inactivity clock that every tab reads. */
  startActivityClock(): void;
  /** Leaves the application for another site (the sign-in provider). */
  leaveFor(url: string): void;
}

const loginOutcome = (email: string, result: ApiSuccess<LoginResult>, deps: AuthDeps): AppEvent[] => {
  const data = result.data;
  if (!data) return [{ type: 'session/loginFailed', message: result.message ?? AuthMessages.invalidCredentials, errors: {} }];
  if (data.password_expired && data.access_token) {
    deps.cookies.setPrimary(data.access_token);
    return [{ type: 'session/passwordExpired', email }];
  }
  if (data.user && data.access_token) {
    deps.cookies.setPrimary(data.access_token);
    deps.startActivityClock();
    return [{ type: 'session/loggedIn', user: data.user }];
  }
  if (data.two_factor && data.two_factor !== 'off') {
    return [{ type: 'session/twoFactorRequired', email, method: data.two_factor, expiresAt: data.expired_time ?? null }];
  }
  return [{ type: 'session/loginFailed', message: AuthMessages.invalidCredentials, errors: {} }];
};

type SignInCommand = Extract<AppCommand, { type: 'session/login' | 'session/confirmTwoFactor' | 'session/loginSecondAdmin' | 'session/acceptInvitation' }>;

/** Every way of signing in answers a LoginResult; the password and the token ride on the command only. */
const signInCall = (command: SignInCommand, deps: AuthDeps): Observable<ApiSuccess<LoginResult>> => {
  const { email, password } = command;
  switch (command.type) {
    case 'session/login':
      return deps.api.call(login, { body: { email, password }, silent: true });
    case 'session/confirmTwoFactor':
      return deps.api.call(login2fa, { body: { email, password, code: command.code }, silent: true });
    case 'session/loginSecondAdmin':
      return deps.api.call(loginSecondAdmin, { body: { email, password, token: command.token }, silent: true });
    case 'session/acceptInvitation': {
      const { token, first_name, last_name, password_confirmation } = command;
      return deps.api.call(acceptInvitation, { body: { token, first_name, last_name, password, password_confirmation }, silent: true });
    }
  }
};

/** exhaustMap: while a sign-in is on its way, a second submit is ignored (one request). */
export const loginEffect: Effect<AuthDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('session/login', 'session/confirmTwoFactor', 'session/loginSecondAdmin', 'session/acceptInvitation'),
    exhaustMap((command) =>
      signInCall(command, deps).pipe(
        mergeMap((result) => loginOutcome(command.email, result, deps)),
        catchError(loginFailure),
      ),
    ),
  );

const loginFailure = (error: unknown): Observable<AppEvent> => {
  const text = failureText(error);
  if ((error as { code?: unknown }).code === 403) return of({ type: 'session/accountExpired', message: text.message });
  return of({ type: 'session/loginFailed', ...text });
};

/** Login with Amazon: the provider's page, then the same outcomes as a password sign-in. */
export const ssoEffect: Effect<AuthDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('session/startSso', 'session/finishSso'),
    exhaustMap((command): Observable<AppEvent> =>
      command.type === 'session/startSso'
        ? deps.api.call(ssoStart, { silent: true }).pipe(
            mergeMap((result) => {
              if (result.data) deps.leaveFor(result.data.url);
              return EMPTY;
            }),
            catchError(loginFailure),
          )
        : deps.api.call(ssoLogin, { body: { code: command.code, state: command.state }, silent: true }).pipe(
            mergeMap((result) => loginOutcome(result.data?.user?.email ?? '', result, deps)),
            catchError(loginFailure),
          ),
    ),
  );

/**
 * Sign in with your organisation: the work email's provider, then the outcomes of a password
 * sign-in. The way back from the provider was a full page load already, so the page the person
 * wanted is loaded the same way once the token is kept (the dashboard needs no second load).
 */
export const organizationSsoEffect: Effect<AuthDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('session/startOrganizationSso', 'session/finishOrganizationSso', 'session/finishOrganizationSaml'),
    exhaustMap((command): Observable<AppEvent> =>
      command.type === 'session/startOrganizationSso'
        ? deps.api.call(oidcStart, { body: { email: command.email, return_to: command.returnTo || undefined }, silent: true }).pipe(
            mergeMap((result) => {
              if (result.data) deps.leaveFor(result.data.url);
              return EMPTY;
            }),
            catchError(loginFailure),
          )
        : (command.type === 'session/finishOrganizationSaml'
            ? deps.api.call(samlLogin, { body: { relay_state: command.relayState }, silent: true })
            : deps.api.call(oidcLogin, { body: { code: command.code, state: command.state, iss: command.iss || undefined }, silent: true })
          ).pipe(
            mergeMap((result) => {
              const events = loginOutcome(result.data?.user?.email ?? '', result, deps);
              const wanted = safeReturnPath(result.data?.return_to);
              if (wanted !== undefined && wanted !== '/dashboard' && events.some((event) => event.type === 'session/loggedIn')) deps.leaveFor(wanted);
              return events;
            }),
            catchError(loginFailure),
          ),
    ),
  );

/**
 * The server forgets the token first; whatever it answers, this browser signs out. sso/logout
 * revokes as /logout does and, for a session opened through the organisation's provider that
 * supports single logout, answers the provider's logout address: the browser goes there after
 * signing out, and the provider sends it back to the sign-in page.
 */
export const logoutEffect: Effect<AuthDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('session/logout'),
    exhaustMap(() =>
      deps.api.call(ssoLogout, { silent: true }).pipe(
        map((result) => result.data?.url ?? null),
        // Not answered: the plain /logout still revokes the session.
        catchError(() =>
          deps.api.call(logout, { silent: true }).pipe(
            map(() => null),
            catchError(() => of(null)),
          ),
        ),
        defaultIfEmpty(null),
        take(1),
        mergeMap((url) => {
          const signedOut = of<AppEvent>({ type: 'session/signedOut', reason: 'logout' });
          if (url === null) return signedOut;
          return concat(
            signedOut,
            defer(() => {
              deps.leaveFor(url);
              return EMPTY;
            }),
          );
        }),
      ),
    ),
  );

const passwordChanged = (m: LiveMessage): boolean => m.type === 'action/succeeded' && (m.action === 'changePassword' || m.action === 'changePassword2fa');

const restoredWithToken = (e: AppEvent) => e.type === 'session/restored' && e.hasToken;

/**
 * Confirms a session with the server (check-access-token): a token restored at load, and a
 * fresh sign-in, so signing in through the form reaches the same state as a reload (primary
 * departments, the view-as bar). A 401 signs the person out through the HTTP rules; being
 * offline keeps the restored session until the server answers.
 */
export const sessionCheckEffect: Effect<AuthDeps> = (live$, _state$, deps) =>
  live$.pipe(
    filter(
      (m): m is AppEvent =>
        restoredWithToken(m as AppEvent) ||
        m.type === 'session/loggedIn' ||
        m.type === 'session/check' ||
        // SPEC section 4: after a view-as switch the session is refreshed.
        m.type === 'session/viewAsChanged' ||
        // A changed password came with a new token (the account's follow-up kept it).
        passwordChanged(m),
    ),
    switchMap(() =>
      deps.api.call(checkAccessToken).pipe(
        mergeMap((result): AppEvent[] =>
          result.data
            ? [{
                type: 'session/checked',
                user: result.data.user,
                organization: result.data.organization,
                industries: result.data.industries,
                primaryDepartments: result.data.primary_departments ?? [],
              }]
            : [],
        ),
        catchError(() => EMPTY),
      ),
    ),
  );

/** Permissions follow every confirmed session (SPEC section 6: fetched after the session check, which a sign-in also makes). */
export const permissionsEffect: Effect<AuthDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('session/checked'),
    withLatestFrom(state$),
    filter(([, state]: [AppEvent, AppState]) => !state.session.passwordExpired),
    switchMap(() =>
      deps.api.call(getPermissions).pipe(
        map((result): AppEvent => ({ type: 'permissions/loaded', permissions: result.data ?? [] })),
        catchError(() => EMPTY),
      ),
    ),
  );
