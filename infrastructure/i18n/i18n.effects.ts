import { catchError, defer, from, map, mergeMap, of, retry, switchMap, throwError, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { getTranslation } from '../../domain/contracts/system';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';
import { isApiFailure, isRetryableCode } from '../http/failure';
import { storedItems, type KeyValueStorage } from '../storage/local';
import { productLanguage } from '../../domain/i18n/languages';
import { BUILT_IN_LANGUAGE } from './language';

/** What the effect needs of a translator (infrastructure/i18n/translator.ts). */
export interface TranslationTarget {
  addResourceBundle(language: string, namespace: string, resources: object, deep?: boolean, overwrite?: boolean): unknown;
  changeLanguage(language: string): Promise<unknown>;
}

export interface TranslationDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly i18n: TranslationTarget;
  readonly storage: KeyValueStorage;
  /** Puts the language shown on the page itself (lang and dir of the document). */
  showLanguage?(code: string): void;
}

/** The page's lang and dir follow the language its texts are in (Arabic runs right to left). */
export const documentLanguage =
  (root: Pick<HTMLElement, 'lang' | 'dir'>) =>
  (code: string): void => {
    const language = productLanguage(code);
    root.lang = language.lang;
    root.dir = language.dir;
  };

class NoTranslation {}

// A timed-out call was already tried again by the client (the endpoint's maxRetry is 1).
const triedAgainByClient = (error: unknown): boolean => isApiFailure(error) && isRetryableCode(error.code);

/**
 * SPEC section 8: a translation that fails is tried once more, then the built-in English is
 * used. No message is shown for it: the page stays readable in English.
 */
export const translationEffect =
  (deps: TranslationDeps): Effect<unknown> =>
  (live$) =>
    live$.pipe(
      ofType('i18n/languageSelected', 'i18n/languageFollowed'),
      // The newest choice wins: the request for a language chosen before it is cancelled.
      switchMap((event) => {
        // Only a choice is kept: a followed browser language is asked of the browser again next time.
        if (event.type === 'i18n/languageSelected') storedItems.newLang.write(deps.storage, event.code);
        return loadTranslation(deps, event.code);
      }),
    );

const loadTranslation = ({ api, i18n, showLanguage }: TranslationDeps, code: string): Observable<AppEvent> =>
  // Deferred so that the retry asks the api again rather than replaying the failed answer.
  defer(() => api.call(getTranslation, { query: { code }, silent: true })).pipe(
    map((result) => {
      if (!result.data) throw new NoTranslation();
      return result.data.translations;
    }),
    retry({ count: 1, delay: (error: unknown) => (triedAgainByClient(error) ? throwError(() => error) : of(null)) }),
    mergeMap((translations) => {
      i18n.addResourceBundle(code, 'translation', translations, true, true);
      return from(i18n.changeLanguage(code)).pipe(
        map((): AppEvent => {
          showLanguage?.(code);
          return { type: 'i18n/translationLoaded', code };
        }),
      );
    }),
    catchError(() =>
      from(i18n.changeLanguage(BUILT_IN_LANGUAGE)).pipe(
        map((): AppEvent => {
          showLanguage?.(BUILT_IN_LANGUAGE);
          return { type: 'i18n/translationFailed', code };
        }),
      ),
    ),
  );
