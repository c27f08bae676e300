import { mergeMap, withLatestFrom } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { languageFor } from '../../domain/i18n/precedence';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';
import type { TokenCookies } from '../storage/cookies';
import type { Secrets } from '../app/secrets';
import type { ActionFollowUps } from '../resources/resources.effects';

export interface AccountDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly cookies: Pick<TokenCookies, 'setPrimary'>;
  readonly secrets: Pick<Secrets, 'setTotp'>;
}

/**
 * The account's forms are actions (domain/resources/actions/account.ts), sent by the one action
 * effect (infrastructure/resources/resources.effects.ts), once at a time each. What follows
 * their success beyond the form's own outcome is here, run by that effect before the success.
 */
export const accountFollowUps = (deps: Pick<AccountDeps, 'cookies' | 'secrets'>): ActionFollowUps => {
  /** A changed password comes with a new token: the old ones were revoked by the server. */
  const keepNewToken = ({ data }: { data: { access_token: string } | null }): AppEvent[] => {
    if (data) deps.cookies.setPrimary(data.access_token);
    return [];
  };
  return {
    register: ({ data }) => (data ? [{ type: 'account/registered', email: data.email }] : []),
    changePassword: keepNewToken,
    changePassword2fa: keepNewToken,
    /** A saved language also becomes the language of the interface. */
    updateProfile: ({ data, state }) => {
      if (!data) return [];
      const events: AppEvent[] = [{ type: 'session/userUpdated', user: data }];
      if (data.locale_id && data.locale_id !== state.i18n.language) events.push({ type: 'i18n/languageSelected', code: data.locale_id });
      return events;
    },
    /** "Use for my account" after a header switch: the account now has the screen's language. */
    keepAccountLanguage: ({ data }) => (data ? [{ type: 'session/userUpdated', user: data }] : []),
    saveSetting: ({ data, state }) => {
      const user = state.session.user;
      return user && data ? [{ type: 'session/userUpdated', user: { ...user, setting: data } }] : [];
    },
    /** The authenticator secret goes to the secrets holder, never into an event. */
    startTotpSetup: ({ data }) => {
      if (!data) return [];
      deps.secrets.setTotp(data);
      return [{ type: 'account/totpSetupStarted' }];
    },
    sendTwoFactorCode: ({ data }) => (data ? [{ type: 'account/twoFactorCodeSent', expiresAt: data.expired_time }] : []),
    toggleTwoFactor: ({ data, state }) => {
      deps.secrets.setTotp(null);
      const user = state.session.user;
      return user ? [{ type: 'session/userUpdated', user: { ...user, two_factor: data?.two_factor ?? user.two_factor } }] : [];
    },
  };
};

/**
 * A fresh sign-in shows the account's language (docs/languages.md, "Whose language"): the
 * person chose it for their account, while a header switch on this device was for the screen.
 * Without an account language the device's choice stays.
 */
export const signInLanguageEffect: Effect<unknown> = (live$, state$) =>
  live$.pipe(
    ofType('session/loggedIn'),
    withLatestFrom(state$),
    mergeMap(([{ user }, state]): AppEvent[] => {
      const code = languageFor('screenAfterSignIn', { account: user.locale_id, device: state.i18n.language });
      return code === state.i18n.language ? [] : [{ type: 'i18n/languageSelected', code }];
    }),
  );
