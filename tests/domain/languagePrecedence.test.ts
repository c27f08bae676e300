import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { decideLanguage, decideLanguageChoice } from '../../domain/i18n/decide';
import { isProductLanguage } from '../../domain/i18n/languages';
import { MAIL_TEXTS } from '../../domain/i18n/mails';
import { LANGUAGE_PRECEDENCE, type LanguageFacts, type LanguagePurpose, type LanguageSource, languageFor } from '../../domain/i18n/precedence';
import { i18nReducer } from '../../domain/i18n/reducer';
import { initialI18n, type I18nState } from '../../domain/i18n/state';

/** The order of docs/languages.md ("Whose language"), written out again: the code must say the same. */
const DOCUMENTED: Record<LanguagePurpose, readonly LanguageSource[]> = {
  screenAfterSignIn: ['account', 'device'],
  accountMail: ['account'],
  resetMail: ['account', 'request'],
  sentOnBehalf: ['sender', 'request'],
  welcomeMail: ['request'],
  participantMail: ['answeredIn'],
  certificate: ['account', 'request'],
  export: ['account', 'request'],
  operatorMail: ['operator'],
};

/** Every kind of value a source can hold, with the product language it stands for (undefined: none spoken). */
const VALUES: ReadonlyArray<readonly [string | null | undefined, string | undefined]> = [
  [undefined, undefined],
  [null, undefined],
  ['', undefined],
  ['   ', undefined],
  ['au', 'au'],
  ['en', 'en'],
  ['fr', 'fr'],
  ['es', 'es'],
  ['ar', 'ar'],
  ['zh', 'zh'],
  ['FR', 'fr'],
  ['fr-CA', 'fr'],
  ['en-AU', 'au'],
  ['en-GB', 'en'],
  ['es_MX', 'es'],
  ['zh-Hans', 'zh'],
  // Traditional Chinese readers are not given Simplified.
  ['zh-TW', undefined],
  ['de', undefined],
  ['tlh', undefined],
  ['x'.repeat(40), undefined],
];

const SOURCES: readonly LanguageSource[] = ['account', 'answeredIn', 'sender', 'request', 'device', 'operator'];
const PURPOSES = Object.keys(DOCUMENTED) as LanguagePurpose[];

const value = fc.constantFrom(...VALUES);
const facts = fc.record(Object.fromEntries(SOURCES.map((source) => [source, value])) as Record<LanguageSource, typeof value>);
const asFacts = (drawn: Record<LanguageSource, readonly [string | null | undefined, string | undefined]>): LanguageFacts =>
  Object.fromEntries(SOURCES.map((source) => [source, drawn[source][0]]));

describe('whose language a text is written in', () => {
  it('has the documented order for every kind of text', () => {
    expect(LANGUAGE_PRECEDENCE).toEqual(DOCUMENTED);
  });

  it('takes the first source in the order that the product speaks, else English, over every combination', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PURPOSES), facts, (purpose, drawn) => {
        const expected = DOCUMENTED[purpose].map((source) => drawn[source][1]).find((code) => code !== undefined) ?? 'en';
        expect(languageFor(purpose, asFacts(drawn))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('always answers a language with its mails and its screens’ texts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PURPOSES), facts, (purpose, drawn) => {
        const code = languageFor(purpose, asFacts(drawn));
        expect(isProductLanguage(code)).toBe(true);
        expect(MAIL_TEXTS[code]).toBeDefined();
        expect(CATALOGUES[code]).toBeDefined();
      }),
    );
  });

  it('is not moved by a source outside the order (the screen never beats a chosen account language)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PURPOSES), facts, fc.constantFrom(...SOURCES), value, (purpose, drawn, source, other) => {
        fc.pre(!DOCUMENTED[purpose].includes(source));
        expect(languageFor(purpose, asFacts({ ...drawn, [source]: other }))).toBe(languageFor(purpose, asFacts(drawn)));
      }),
    );
    // The case: an account in English, a screen switched to French.
    for (const purpose of ['resetMail', 'certificate', 'export'] as const) expect(languageFor(purpose, { account: 'au', request: 'fr' })).toBe('au');
    expect(languageFor('sentOnBehalf', { sender: 'en', request: 'fr' })).toBe('en');
    // Without an account language, the screen's.
    expect(languageFor('export', { account: null, request: 'fr' })).toBe('fr');
  });
});

describe('the header switch while signed in', () => {
  const code = fc.constantFrom('au', 'en', 'fr', 'es', 'ar', 'zh');
  const state = fc.record({
    language: code,
    status: fc.constantFrom<I18nState['status']>('builtIn', 'loading', 'loaded', 'fallback'),
    accountOffer: fc.option(code, { nil: null }),
  });
  const account = fc.option(code, { nil: null });

  it('changes the screen as before, and offers the language to the account only when it is not the account’s', () => {
    fc.assert(
      fc.property(state, fc.option(account, { nil: undefined }), code, (current, accountLanguage, chosen) => {
        const events = decideLanguageChoice(current, accountLanguage, { type: 'i18n/selectLanguage', code: chosen });
        expect(events.filter((e) => e.type === 'i18n/languageSelected')).toEqual(decideLanguage(current, { type: 'i18n/selectLanguage', code: chosen }));
        const next = events.reduce(i18nReducer, current);
        expect(next.accountOffer).toBe(accountLanguage === undefined || accountLanguage === chosen ? (accountLanguage === undefined ? current.accountOffer : null) : chosen);
      }),
    );
  });

  it('stops asking once the account has the language, or after a sign-in or sign-out', () => {
    const offered = i18nReducer({ ...initialI18n, language: 'fr' }, { type: 'i18n/accountLanguageOffered', code: 'fr' });
    expect(offered.accountOffer).toBe('fr');
    const user = { id: 'u', email: 'a@b.c', first_name: 'A', last_name: 'B', role: 'admin', organization_id: 'o', two_factor: 'off', setting: { banners: {} } } as const;
    expect(i18nReducer(offered, { type: 'session/userUpdated', user: { ...user, locale_id: 'es' } }).accountOffer).toBe('fr');
    expect(i18nReducer(offered, { type: 'session/userUpdated', user: { ...user, locale_id: 'fr' } }).accountOffer).toBeNull();
    expect(i18nReducer(offered, { type: 'session/signedOut', reason: 'logout' }).accountOffer).toBeNull();
    expect(i18nReducer(offered, { type: 'i18n/accountLanguageOfferClosed' }).accountOffer).toBeNull();
    // A new language keeps the question open until it is answered.
    expect(i18nReducer(offered, { type: 'i18n/languageSelected', code: 'es' }).accountOffer).toBe('fr');
  });
});
