import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../domain/navigation/returnPath';

describe('the page to return to after signing in', () => {
  it('is the signed-in page that was asked for, with its query', () => {
    for (const path of ['/dashboard', '/dashboard/control-panel/surveys-management?debug', '/dashboard/diversity/languages', '/slide-show']) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it('is never another site, a guest page or something that is not a path', () => {
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example/dashboard', 'dashboard', '/login', '/', '/password/reset?token=x', '/dashboard\n', undefined, null, 42, { from: '/dashboard' }]) {
      expect(safeReturnPath(value), String(value)).toBeUndefined();
    }
  });

  it('whatever it is given, answers a path of this product or nothing', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.string().map((s) => `/${s}`), fc.string().map((s) => `/dashboard${s}`)), (value) => {
      const path = safeReturnPath(value);
      if (path === undefined) return;
      expect(path).toBe(value);
      expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
      expect(new URL(path, 'https://app.example').origin).toBe('https://app.example');
    }));
  });
});
