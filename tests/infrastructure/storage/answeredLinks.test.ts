import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answeredLinkKey, createAnsweredLinks } from '../../../infrastructure/storage/answeredLinks';

const memory = () => {
  const map = new Map<string, string>();
  return { map, getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
};

describe('the links this browser answered', () => {
  it('remembers each link apart, with a mark that holds nothing else', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 6 }), fc.string({ minLength: 1, maxLength: 40 }), (answered, other) => {
        const storage = memory();
        const links = createAnsweredLinks(storage);
        for (const token of answered) links.remember(token);
        for (const token of answered) expect(links.has(token)).toBe(true);
        expect(links.has(other)).toBe(answered.includes(other));
        expect([...storage.map.values()].every((value) => value === '1')).toBe(true);
        expect([...storage.map.keys()].sort()).toEqual(answered.map(answeredLinkKey).sort());
      }),
    );
  });

  it('costs only the reminder when storage refuses (private mode, a full quota)', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const links = createAnsweredLinks(refusing);
    expect(() => links.remember('token')).not.toThrow();
    expect(links.has('token')).toBe(false);
  });
});
