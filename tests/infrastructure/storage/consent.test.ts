import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONSENT_KEY, isEssentialKey, parseConsent, STORED_THINGS } from '../../../domain/consent/policy';
import { createConsent } from '../../../infrastructure/storage/consent';
import { ESSENTIAL_STORAGE_KEYS } from '../../../domain/consent/keys';

/** A Storage over a Map, as the browser's behaves for these calls. */
const memoryStorage = (initial: Record<string, string> = {}): Storage & { entries(): Record<string, string> } => {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
    entries: () => Object.fromEntries(map),
  };
};

const KEYS = [...STORED_THINGS.filter((thing) => thing.where === 'localStorage' && !thing.name.includes('*')).map((thing) => thing.name), 'survey-draft:abc', 'survey-draft:abc:names', 'unknown-key'];
const write = fc.tuple(fc.constantFrom(...KEYS.filter((key) => key !== CONSENT_KEY)), fc.string({ maxLength: 8 }));

describe('cookie consent', () => {
  it('writes nothing that is not essential before consent, yet the page reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 30 }), (writes) => {
        const backing = memoryStorage();
        const consent = createConsent(backing);
        for (const [key, value] of writes) consent.storage.setItem(key, value);
        expect(Object.keys(backing.entries()).filter((key) => !isEssentialKey(key))).toEqual([]);
        const last = new Map(writes);
        for (const [key, value] of last) expect(consent.storage.getItem(key)).toBe(value);
      }),
    );
  });

  it('accepting writes the kept values through and remembers the choice; "only essential" removes the rest', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 30 }), fc.constantFrom('all' as const, 'essential' as const), (writes, choice) => {
        const backing = memoryStorage({ newLang: 'fr', 'survey-draft:old': '{}' });
        const consent = createConsent(backing);
        expect(consent.choice()).toBeUndefined();
        for (const [key, value] of writes) consent.storage.setItem(key, value);
        consent.choose(choice);
        expect(parseConsent(backing.getItem(CONSENT_KEY))).toBe(choice);
        const stored = backing.entries();
        if (choice === 'all') for (const [key, value] of new Map(writes)) expect(stored[key]).toBe(value);
        else expect(Object.keys(stored).filter((key) => !isEssentialKey(key))).toEqual([]);
        // The next page load finds the choice: no banner.
        expect(createConsent(backing).choice()).toBe(choice);
      }),
    );
  });

  it('the keys written without consent are the essential ones the banner lists', () => {
    const listed = STORED_THINGS.filter((thing) => thing.where === 'localStorage' && thing.essential).map((thing) => thing.name);
    expect([...listed].sort()).toEqual([...ESSENTIAL_STORAGE_KEYS].sort());
  });

  it('a damaged or older choice asks again', () => {
    for (const raw of ['yes', '{"v":0,"choice":"all"}', '{"v":1,"choice":"maybe"}', '']) expect(createConsent(memoryStorage({ [CONSENT_KEY]: raw })).choice()).toBeUndefined();
  });
});
