import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidEmail } from '../../domain/session/email';
import { countActiveFilters, filterProblem, normaliseFilters } from '../../domain/filters/model';
import { configReducer } from '../../domain/config/reducer';
import { FALLBACK_PASSWORD_RULE, initialConfig, passwordMeetsRule } from '../../domain/config/state';
import { dashboardApp } from '../../domain/app/dashboardApp';
import { restorePersistedSession, STATE_VERSION } from '../../domain/session/persisted';
import { initialSession } from '../../domain/session/state';

// The dashboards' page folds every slice these tests use.
const { reducer: appReducer, initialState: initialAppState } = dashboardApp;
const decide = dashboardApp.decide;

describe('email pattern (SPEC section 5)', () => {
  it.each(['ana@example.org', 'first.last-name@uni.edu.au', 'A_B@EXAMPLE.COM', 'x@10.0.0.1', 'x@host.museum:8080'.replace('museum', 'mus')])(
    'accepts %s', (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each(['', 'no-at.example.org', 'a@b', 'a@b.c', 'a@b.toolongtld', 'a b@example.org', 'a@999.1.1.1', 'a@example.org:80', 'a+b@example.org'])(
    'refuses %s', (email) => expect(isValidEmail(email)).toBe(false),
  );
  it('accepts any word-character local part at a plain domain', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\w.-]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.stringMatching(/^[a-z]{2,6}$/), (local, host, tld) =>
        isValidEmail(`${local}@${host}.${tld}`),
      ),
    );
  });
});

describe('password rule', () => {
  it('applies the SPEC fallback until the server sends its own', () => {
    expect(passwordMeetsRule('Abcdefg1', initialConfig.passwordRegex)).toBe(true);
    expect(passwordMeetsRule('abcdefg1', FALLBACK_PASSWORD_RULE)).toBe(false);
    expect(passwordMeetsRule('Abcdef1', FALLBACK_PASSWORD_RULE)).toBe(false);
  });
  it('ignores a rule from the server that does not compile', () => {
    expect(configReducer(initialConfig, { type: 'config/passwordRuleLoaded', regex: '([' })).toBe(initialConfig);
    expect(configReducer(initialConfig, { type: 'config/passwordRuleLoaded', regex: '^.{12,}$' }).passwordRegex).toBe('^.{12,}$');
  });
});

describe('filters', () => {
  it('counts each filter with a value once and ignores empty ones', () => {
    expect(countActiveFilters({})).toBe(0);
    expect(countActiveFilters({ gender: [], 'age-range': '', generation: ['Gen X', 'Gen Z'], lgbtiq: 'yes' })).toBe(2);
    expect(normaliseFilters({ gender: [], lgbtiq: 'yes' })).toEqual({ lgbtiq: 'yes' });
  });
  it('accepts an age range low-high and refuses anything else', () => {
    expect(filterProblem({ 'age-range': '25-34' })).toBeNull();
    expect(filterProblem({ 'age-range': '34-25' })).not.toBeNull();
    expect(filterProblem({ 'age-range': '25 to 34' })).not.toBeNull();
    fc.assert(fc.property(fc.nat(120), fc.nat(120), (a, b) => (filterProblem({ 'age-range': `${a}-${b}` }) === null) === a <= b));
  });
  it('a refused filter command is logged as rejected and changes nothing', () => {
    const events = decide(initialAppState, { type: 'filters/apply', filters: { 'age-range': 'x' } });
    expect(events).toEqual([{ type: 'bus/commandRejected', command: 'filters/apply', reason: 'The age range must look like 25-34.' }]);
  });
});

describe('session', () => {
  it('is signed in exactly when the token cookie is present, restoring the saved session', () => {
    const saved = { ...initialSession, userEmail: 'a@b.org', pending: true, error: true };
    const restored = appReducer(initialAppState, { type: 'session/restored', session: saved, hasToken: true, hasSecondaryToken: true });
    expect(restored.session).toMatchObject({ signedIn: true, viewingAs: true, userEmail: 'a@b.org', pending: false, error: false });
    const without = appReducer(initialAppState, { type: 'session/restored', session: saved, hasToken: false, hasSecondaryToken: false });
    expect(without.session.signedIn).toBe(false);
    expect(without.session.userEmail).toBeNull();
  });

  it('restores the persisted session only at version 0.0.1', () => {
    expect(restorePersistedSession(STATE_VERSION, initialSession)).toEqual(initialSession);
    expect(restorePersistedSession('0.0.2', initialSession)).toBeNull();
    expect(restorePersistedSession(null, initialSession)).toBeNull();
    expect(restorePersistedSession(STATE_VERSION, { nonsense: true })).toBeNull();
  });

  it('signing out clears the session, filters, dashboard and permissions, and alerts only when not chosen', () => {
    let state = appReducer(initialAppState, { type: 'session/restored', session: null, hasToken: true, hasSecondaryToken: false });
    state = appReducer(state, { type: 'filters/applied', filters: { lgbtiq: 'yes' } });
    state = appReducer(state, { type: 'dashboard/reloadRequested', page: 'home' });
    state = appReducer(state, { type: 'permissions/loaded', permissions: [{ hash_id: '3001', attributes: { isShow: true } }] });
    const out = appReducer(state, { type: 'session/signedOut', reason: 'logout' });
    expect(out.session.signedIn).toBe(false);
    expect(out.session.logoutAlert).toBe(false);
    expect(out.filters.active).toEqual({});
    expect(out.dashboard.reloads).toEqual({});
    expect(out.permissions).toEqual([]);
    expect(appReducer(state, { type: 'session/signedOut', reason: 'inactivity' }).session.logoutAlert).toBe(true);
  });
});
