import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import * as t from 'io-ts';
import { Subject, switchMap } from 'rxjs';
import { endpoint } from '../../../domain/contracts/endpoint';
import { Messages } from '../../../domain/contracts/envelope';
import { getTranslation } from '../../../domain/contracts/system';
import { Filters } from '../../../domain/filters/model';
import { ApiFailure, DEFAULT_MAX_RETRY, defaultRetryDelayMs, isApiFailure, THROTTLED_DEFAULT_WAIT_MS, THROTTLED_MAX_WAIT_MS, throttledWaitMs } from '../../../infrastructure/http/client';
import { retryAfterMs } from '../../../infrastructure/http/transport';
import { clientOver, fakeNetwork, outcomeOf, type FakeAnswer } from './fakeNetwork';

const stats = endpoint({ method: 'GET', path: '/overview/row-one', query: Filters, data: t.strict({ total: t.number }) });
const profile = endpoint({ method: 'POST', path: '/login-profile', primary: true, data: t.unknown });
const login = endpoint({ method: 'POST', path: '/login', body: t.strict({ email: t.string, password: t.string }), data: t.unknown });
const logout = endpoint({ method: 'POST', path: '/logout' });
const sessionCheck = endpoint({ method: 'POST', path: '/check-access-token' });
const states = endpoint({ method: 'GET', path: 'country/{countryId}/states', data: t.array(t.string) });
const withRetries = (maxRetry: number) => endpoint({ method: 'GET', path: '/overview/row-two', maxRetry, data: t.number });

const ok = (data: unknown, extra: object = {}): FakeAnswer => ({ status: 200, body: { status: 200, data, ...extra } });
const timedOut: FakeAnswer = { status: 408, body: { status: 408, message: 'Request Timeout' } };

describe('request shape', () => {
  it('sends JSON headers, the locale and no bearer when there is no token', async () => {
    const network = fakeNetwork(ok({ total: 1 }));
    const { api } = clientOver(network, { getLocale: () => 'fr' });
    await outcomeOf(api.call(stats));
    const { headers } = network.seen[0];
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('X-Locale')).toBe('fr');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('uses the primary token, the secondary one while viewing as, and the primary one for primary calls', async () => {
    const cases: [string | undefined, string | undefined, boolean, string][] = [
      ['p', undefined, false, 'Bearer p'],
      ['p', 's', false, 'Bearer s'],
      ['p', 's', true, 'Bearer p'],
      [undefined, 's', true, ''],
    ];
    for (const [primary, secondary, isPrimaryCall, expected] of cases) {
      const network = fakeNetwork(ok(null));
      const { api } = clientOver(network, { cookies: { primary: () => primary, secondary: () => secondary } });
      await outcomeOf(isPrimaryCall ? api.call(profile) : api.call(endpoint({ method: 'GET', path: '/user/permissions' })));
      expect(network.seen[0].headers.get('Authorization') ?? '').toBe(expected);
    }
  });

  it('encodes filters as SPEC section 7 says and leaves empty ones out', async () => {
    const network = fakeNetwork(ok({ total: 1 }));
    const { api } = clientOver(network);
    await outcomeOf(api.call(stats, { query: { gender: ['F', 'M'], 'date-tag': '2024', 'age-range': '', 'position-level': [] } }));
    const url = new URL(network.seen[0].url, 'http://host');
    expect(url.pathname).toBe('/api/overview/row-one');
    expect([...url.searchParams]).toEqual([
      ['filter[gender][0]', 'F'],
      ['filter[gender][1]', 'M'],
      ['filter[date-tag]', '2024'],
    ]);
  });

  it('fills path parameters and sends the body as JSON', async () => {
    const network = fakeNetwork(ok(['Victoria']), ok(null));
    const { api } = clientOver(network);
    await outcomeOf(api.call(states, { params: { countryId: 'a b' } }));
    await outcomeOf(api.call(login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(network.seen[0].url).toBe('/api/country/a%20b/states');
    expect(network.seen[1]).toMatchObject({ method: 'POST', url: '/api/login', body: { email: 'a@b.co', password: 'x' } });
    expect(network.seen[1].headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it('sends nothing until subscribed', () => {
    const network = fakeNetwork(ok({ total: 1 }));
    const { api } = clientOver(network);
    api.call(stats);
    expect(network.seen).toHaveLength(0);
  });
});

describe('reading the answer', () => {
  it('returns the decoded data with the message and token of the envelope', async () => {
    const { api, events } = clientOver(fakeNetwork(ok({ total: 3 }, { message: 'fine', token: 'tk' })));
    expect(await outcomeOf(api.call(stats))).toEqual({ kind: 'value', values: [{ status: 200, data: { total: 3 }, message: 'fine', token: 'tk' }] });
    expect(events).toEqual([]);
  });

  it('reads body status 204 and HTTP 204 as success without data', async () => {
    const { api } = clientOver(fakeNetwork({ status: 200, body: { status: 204 } }, { status: 204 }));
    expect(await outcomeOf(api.call(stats))).toEqual({ kind: 'value', values: [{ status: 204, data: null }] });
    expect(await outcomeOf(api.call(stats))).toEqual({ kind: 'value', values: [{ status: 204, data: null }] });
  });

  it('reports data the contract cannot read and errors with DECODE, never throwing', async () => {
    const { api, events } = clientOver(fakeNetwork(ok({ total: 'many' }), { status: 200, body: '<html>' }));
    const first = await outcomeOf(api.call(stats));
    expect(first.kind).toBe('error');
    expect(first.kind === 'error' && first.error).toEqual(new ApiFailure('DECODE', '/overview/row-one', null));
    expect(events).toEqual([{ type: 'api/decodeFailed', id: 'report-1', url: '/overview/row-one', problems: ['total: expected number'], silent: false }]);
    const second = await outcomeOf(api.call(stats));
    expect(second.kind === 'error' && isApiFailure(second.error) && second.error.code).toBe('DECODE');
    expect(events).toHaveLength(2);
  });
});

describe('retries of timed-out calls', () => {
  const answers = (failures: number, failure: FakeAnswer): FakeAnswer[] => [...Array<FakeAnswer>(failures).fill(failure), ok(7)];

  it('tries min(failures, maxRetry) + 1 times and succeeds iff failures <= maxRetry', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom<FakeAnswer>(timedOut, { error: 'ECONNABORTED' }, { error: 'ETIMEDOUT' }),
        async (maxRetry, failures, failure) => {
          const network = fakeNetwork(...answers(failures, failure));
          const { api, events } = clientOver(network);
          const outcome = await outcomeOf(api.call(withRetries(maxRetry)));
          expect(network.seen).toHaveLength(Math.min(failures, maxRetry) + 1);
          expect(outcome.kind).toBe(failures <= maxRetry ? 'value' : 'error');
          expect(events.map((e) => e.type)).toEqual(failures <= maxRetry ? [] : ['api/failed']);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives up after 6 retries by default with an api/failed event carrying code and url', async () => {
    const network = fakeNetwork(timedOut);
    const { api, events } = clientOver(network);
    const outcome = await outcomeOf(api.call(stats, { query: {} }));
    expect(network.seen).toHaveLength(DEFAULT_MAX_RETRY + 1);
    expect(outcome).toEqual({ kind: 'error', values: [], error: new ApiFailure(408, '/overview/row-one', null) });
    expect(events).toEqual([{ type: 'api/failed', id: 'report-1', code: 408, url: '/overview/row-one', message: null, silent: false }]);
  });

  it('retries ECONNABORTED the same way and reports its code', async () => {
    const network = fakeNetwork({ error: 'ECONNABORTED' });
    const { api, events } = clientOver(network);
    await outcomeOf(api.call(withRetries(2), { silent: true }));
    expect(network.seen).toHaveLength(3);
    expect(events).toEqual([{ type: 'api/failed', id: 'report-1', code: 'ECONNABORTED', url: '/overview/row-two', message: null, silent: true }]);
  });

  it('retries a translation once', async () => {
    const network = fakeNetwork(timedOut);
    const { api } = clientOver(network);
    await outcomeOf(api.call(getTranslation, { query: { code: 'fr' } }));
    expect(network.seen).toHaveLength(2);
    expect(network.seen[1].url).toBe('/api/translation?code=fr');
  });

  it('does not retry other failures', async () => {
    const network = fakeNetwork({ status: 500, body: { status: 500, message: 'boom' } });
    const { api } = clientOver(network);
    await outcomeOf(api.call(stats));
    expect(network.seen).toHaveLength(1);
  });

  it('waits between tries as retryDelayMs says, and backs off by default', async () => {
    const delays: number[] = [];
    const network = fakeNetwork(timedOut, timedOut, ok(1));
    const { api } = clientOver(network, { retryDelayMs: (attempt) => (delays.push(attempt), 0) });
    await outcomeOf(api.call(withRetries(6)));
    expect(delays).toEqual([0, 1]);
    expect([0, 1, 2, 3, 4, 5].map(defaultRetryDelayMs)).toEqual([250, 500, 1000, 2000, 4000, 4000]);
  });

  afterEach(() => vi.useRealTimers());

  it('sends the next try only once the delay has passed', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork(timedOut, ok(1));
    const { api } = clientOver(network, { retryDelayMs: defaultRetryDelayMs });
    const outcome = outcomeOf(api.call(withRetries(1)));
    await vi.advanceTimersByTimeAsync(249);
    expect(network.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.seen).toHaveLength(2);
    expect(await outcome).toEqual({ kind: 'value', values: [{ status: 200, data: 1 }] });
  });
});

describe('session rules', () => {
  const unauthorised: FakeAnswer = { status: 401, body: { status: 401, message: 'Unauthenticated.' } };

  it('signs a signed-in user out on 401', async () => {
    const { api, events } = clientOver(fakeNetwork(unauthorised), { isSignedIn: () => true });
    const outcome = await outcomeOf(api.call(stats));
    expect(outcome.kind === 'error' && outcome.error).toEqual(new ApiFailure(401, '/overview/row-one', 'Unauthenticated.'));
    expect(events).toEqual([
      { type: 'api/failed', id: 'report-1', code: 401, url: '/overview/row-one', message: 'Unauthenticated.', silent: true },
      { type: 'session/signedOut', reason: 'unauthorised' },
    ]);
  });

  it('sends a signed-out user to /login on 401', async () => {
    const { api, events } = clientOver(fakeNetwork(unauthorised));
    await outcomeOf(api.call(stats));
    expect(events[1]).toEqual({ type: 'session/unauthorised', url: '/overview/row-one' });
  });

  it('does neither for logout, and nothing more than the failure for a refused login', async () => {
    for (const signedIn of [true, false]) {
      const { api, events } = clientOver(fakeNetwork(unauthorised), { isSignedIn: () => signedIn });
      await outcomeOf(api.call(logout));
      expect(events.map((e) => e.type)).toEqual(['api/failed']);
    }
    const { api, events } = clientOver(fakeNetwork(unauthorised));
    await outcomeOf(api.call(login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(events.map((e) => e.type)).toEqual(['api/failed']);
  });

  it('says the session expired when the session check answers 401', async () => {
    const { api } = clientOver(fakeNetwork(unauthorised));
    const outcome = await outcomeOf(api.call(sessionCheck));
    expect(outcome.kind === 'error' && isApiFailure(outcome.error) && outcome.error.message).toBe(Messages.sessionExpired);
  });

  it('ends the session on 417, in the HTTP status or in the body, except for logout', async () => {
    const answers: FakeAnswer[] = [
      { status: 417, body: { status: 417, message: 'ended' } },
      { status: 200, body: { status: 417, message: 'ended' } },
    ];
    for (const answer of answers) {
      const { api, events } = clientOver(fakeNetwork(answer), { isSignedIn: () => true });
      const outcome = await outcomeOf(api.call(stats));
      expect(outcome.kind === 'error' && outcome.error).toEqual(new ApiFailure(417, '/overview/row-one', 'ended'));
      expect(events).toEqual([
        { type: 'api/failed', id: 'report-1', code: 417, url: '/overview/row-one', message: 'ended', silent: true },
        { type: 'session/signedOut', reason: 'sessionEnded' },
      ]);
      const forLogout = clientOver(fakeNetwork(answer), { isSignedIn: () => true });
      await outcomeOf(forLogout.api.call(logout));
      expect(forLogout.events.map((e) => e.type)).toEqual(['api/failed']);
    }
  });
});

describe('too many requests (429)', () => {
  const throttled = (retryAfter?: string): FakeAnswer => ({
    status: 429,
    body: { status: 429, message: Messages.tooManyRequests },
    ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } }),
  });

  afterEach(() => vi.useRealTimers());

  it('waits for the Retry-After the server gives, says so once, then answers as if nothing happened', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork(throttled('3'), ok({ total: 2 }));
    const { api, events } = clientOver(network);
    const outcome = outcomeOf(api.call(stats));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(network.seen).toHaveLength(1);
    expect(events).toEqual([{ type: 'api/throttled', id: 'report-1', url: '/overview/row-one', retryInSeconds: 3, silent: false }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.seen).toHaveLength(2);
    expect(await outcome).toEqual({ kind: 'value', values: [{ status: 200, data: { total: 2 } }] });
    expect(events.filter((event) => event.type === 'api/failed')).toEqual([]);
  });

  it('fails with the server sentence once its tries are spent, never with the raw answer', async () => {
    const network = fakeNetwork(throttled('0'));
    const { api, events } = clientOver(network);
    const outcome = await outcomeOf(api.call(withRetries(2)));
    expect(network.seen).toHaveLength(3);
    expect(outcome.kind === 'error' && outcome.error).toEqual(new ApiFailure(429, '/overview/row-two', Messages.tooManyRequests));
    expect(events.at(-1)).toEqual({ type: 'api/failed', id: 'report-3', code: 429, url: '/overview/row-two', message: Messages.tooManyRequests, silent: false });
  });

  it('reads Retry-After as seconds or a date, and bounds the wait', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(throttledWaitMs(undefined)).toBe(THROTTLED_DEFAULT_WAIT_MS);
    expect(throttledWaitMs(3_600_000)).toBe(THROTTLED_MAX_WAIT_MS);
  });
});

describe('other failures', () => {
  it('rejects a 422 with its field errors and reports the server message', async () => {
    const errors = { email: ['The email field is required'] };
    const { api, events } = clientOver(fakeNetwork({ status: 422, body: { status: 422, message: Messages.invalidData, errors } }));
    const outcome = await outcomeOf(api.call(login, { body: { email: '', password: '' } }));
    expect(outcome.kind === 'error' && outcome.error).toEqual(new ApiFailure(422, '/login', Messages.invalidData, errors));
    expect(events).toEqual([{ type: 'api/failed', id: 'report-1', code: 422, url: '/login', message: Messages.invalidData, silent: false }]);
  });

  it('reports a lost connection by its axios code', async () => {
    const { api, events } = clientOver(fakeNetwork({ error: 'ERR_NETWORK' }));
    const outcome = await outcomeOf(api.call(stats));
    expect(outcome.kind === 'error' && outcome.error).toEqual(new ApiFailure('ERR_NETWORK', '/overview/row-one', null));
    expect(events).toEqual([{ type: 'api/failed', id: 'report-1', code: 'ERR_NETWORK', url: '/overview/row-one', message: null, silent: false }]);
  });

  it('reads a server error without an envelope as a failure without message', async () => {
    const { api, events } = clientOver(fakeNetwork({ status: 502, body: 'Bad gateway' }));
    await outcomeOf(api.call(stats, { silent: true }));
    expect(events).toEqual([{ type: 'api/failed', id: 'report-1', code: 502, url: '/overview/row-one', message: null, silent: true }]);
  });
});

describe('cancellation', () => {
  it('aborts the request on unsubscribe and emits and reports nothing', async () => {
    const network = fakeNetwork('hang');
    const { api, events } = clientOver(network);
    const seen: string[] = [];
    const subscription = api.call(stats).subscribe({
      next: () => seen.push('next'),
      error: () => seen.push('error'),
      complete: () => seen.push('complete'),
    });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(network.seen).toHaveLength(1);
    expect(network.seen[0].signal.aborted).toBe(false);
    subscription.unsubscribe();
    expect(network.seen[0].signal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([]);
    expect(events).toEqual([]);
  });

  it('completes without a value or an event when the request is cancelled elsewhere', async () => {
    const { api, events } = clientOver(fakeNetwork('cancelled'));
    expect(await outcomeOf(api.call(stats))).toEqual({ kind: 'value', values: [] });
    expect(events).toEqual([]);
  });

  it('lets the newest request win in a switchMap', async () => {
    const network = fakeNetwork('hang', ok({ total: 2 }));
    const { api, events } = clientOver(network);
    const refresh$ = new Subject<void>();
    const results: unknown[] = [];
    refresh$.pipe(switchMap(() => api.call(stats))).subscribe((r) => results.push(r.data));
    refresh$.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    refresh$.next();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(network.seen[0].signal.aborted).toBe(true);
    expect(results).toEqual([{ total: 2 }]);
    expect(events).toEqual([]);
  });
});
