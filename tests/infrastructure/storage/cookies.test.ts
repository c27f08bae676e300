// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenCookies, TOKEN_COOKIES } from '../../../infrastructure/storage/cookies';

const cookieAccessor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** Records every cookie string written, then lets jsdom store it as a browser would. */
const recordCookieWrites = (): string[] => {
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    cookieAccessor.set!.call(document, value);
  });
  return writes;
};

afterEach(() => {
  vi.restoreAllMocks();
  createTokenCookies().clearAll();
});

describe('token cookies', () => {
  it('keeps the primary and the secondary token apart', () => {
    const cookies = createTokenCookies();
    expect(cookies.primary()).toBeUndefined();
    cookies.setPrimary('p-1');
    cookies.setSecondary('s-1');
    expect([cookies.primary(), cookies.secondary()]).toEqual(['p-1', 's-1']);
    expect(document.cookie).toContain(`${TOKEN_COOKIES.primary}=p-1`);
    expect(document.cookie).toContain(`${TOKEN_COOKIES.secondary}=s-1`);
    cookies.clearSecondary();
    expect([cookies.primary(), cookies.secondary()]).toEqual(['p-1', undefined]);
    cookies.setSecondary('s-2');
    cookies.clearAll();
    expect([cookies.primary(), cookies.secondary()]).toEqual([undefined, undefined]);
    expect(document.cookie).toBe('');
  });

  it('writes a 365-day, SameSite=Lax cookie on the whole site', () => {
    const writes = recordCookieWrites();
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z'), toFake: ['Date'] });
    createTokenCookies().setPrimary('p');
    vi.useRealTimers();
    expect(writes).toEqual(['token=p; path=/; expires=Thu, 01 Jan 2026 00:00:00 GMT; sameSite=Lax']);
  });

  it('sets and removes with the shared domain and the secure flag', () => {
    const writes = recordCookieWrites();
    const cookies = createTokenCookies({ domain: 'example.org', secure: true });
    cookies.setSecondary('s');
    cookies.clearSecondary();
    expect(writes[0]).toMatch(/^secondary_token=s; path=\/; expires=.+; sameSite=Lax; domain=example\.org; secure$/);
    expect(writes[1]).toMatch(/^secondary_token=; path=\/; expires=.+; sameSite=Lax; domain=example\.org; secure$/);
    const expires = Date.parse(/expires=([^;]+)/.exec(writes[1])![1]);
    expect(expires).toBeLessThan(Date.now());
  });
});
