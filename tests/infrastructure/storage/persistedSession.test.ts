// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STATE_VERSION } from '../../../domain/session/persisted';
import { initialSession } from '../../../domain/session/state';
import { sessionState } from '../../support/arbitraries';
import { clearOnLogout, loadSession, saveSession } from '../../../infrastructure/storage/persistedSession';

// JSON keeps no -0 and no undefined fields; the stored session is JSON by definition.
const asJson = <A>(value: A): A => JSON.parse(JSON.stringify(value)) as A;

beforeEach(() => localStorage.clear());

describe('persisted session', () => {
  it('comes back equal, with pending and error reset', () => {
    fc.assert(
      fc.property(sessionState, (session) => {
        localStorage.clear();
        saveSession(localStorage, session);
        expect(localStorage.getItem('version')).toBe(STATE_VERSION);
        expect(loadSession(localStorage)).toEqual(asJson({ ...session, pending: false, error: false }));
      }),
    );
  });

  it('restores nothing that another version wrote', () => {
    fc.assert(
      fc.property(
        sessionState,
        fc.string().filter((v) => v !== STATE_VERSION),
        (session, version) => {
          localStorage.clear();
          saveSession(localStorage, session);
          localStorage.setItem('version', version);
          expect(loadSession(localStorage)).toBeNull();
        },
      ),
    );
  });

  it('restores nothing when the saved state is damaged, absent or unversioned', () => {
    expect(loadSession(localStorage)).toBeNull();
    localStorage.setItem('version', STATE_VERSION);
    localStorage.setItem('state', '{"signedIn":');
    expect(loadSession(localStorage)).toBeNull();
    localStorage.setItem('state', JSON.stringify({ ...initialSession, surveyId: 'one' }));
    expect(loadSession(localStorage)).toBeNull();
    localStorage.setItem('state', JSON.stringify(initialSession));
    localStorage.removeItem('version');
    expect(loadSession(localStorage)).toBeNull();
  });

  it('clears the logout list of SPEC section 4 and the saved session, keeping the rest', () => {
    saveSession(localStorage, { ...initialSession, signedIn: true });
    for (const key of ['refresh_token', 'dashboardIsBuilt', 'dateRange', 'dateId', 'newLang', 'regex']) localStorage.setItem(key, 'x');
    clearOnLogout(localStorage);
    expect(Object.keys({ ...localStorage }).sort()).toEqual(['newLang', 'regex']);
    expect(loadSession(localStorage)).toBeNull();
  });
});
