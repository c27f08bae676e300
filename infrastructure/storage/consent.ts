import { CONSENT_KEY, type ConsentChoice, isEssentialKey, parseConsent, serialiseConsent } from '../../domain/consent/keys';

/**
 * The cookie-consent choice and a Storage that honours it (issue 17). Until "Accept all" is
 * chosen, keys that are not essential (domain/consent/policy.ts) are kept in the page's memory
 * only; accepting writes them through. "Only essential" also removes any such key stored
 * before. The runtimes are given the gated storage, so nothing else has to know.
 */
export interface Consent {
  choice(): ConsentChoice | undefined;
  choose(choice: ConsentChoice): void;
  subscribe(listener: () => void): () => void;
  /** The Storage the application uses. */
  readonly storage: Storage;
}

export const createConsent = (backing: Storage): Consent => {
  const memory = new Map<string, string>();
  const listeners = new Set<() => void>();
  const attempt = <A>(run: () => A, fallback: A): A => {
    try {
      return run();
    } catch {
      return fallback;
    }
  };
  let current = parseConsent(attempt(() => backing.getItem(CONSENT_KEY), null));
  const allowed = (key: string) => current === 'all' || isEssentialKey(key);

  const storage: Storage = {
    get length() {
      return attempt(() => backing.length, 0) + memory.size;
    },
    key: (index) => attempt(() => backing.key(index), null),
    getItem: (key) => (memory.has(key) ? memory.get(key)! : allowed(key) ? backing.getItem(key) : attempt(() => backing.getItem(key), null)),
    setItem: (key, value) => {
      if (allowed(key)) backing.setItem(key, value);
      else memory.set(key, String(value));
    },
    removeItem: (key) => {
      memory.delete(key);
      backing.removeItem(key);
    },
    clear: () => {
      memory.clear();
      backing.clear();
    },
  };

  return {
    choice: () => current,
    choose: (choice) => {
      current = choice;
      attempt(() => backing.setItem(CONSENT_KEY, serialiseConsent(choice)), undefined);
      if (choice === 'all') {
        for (const [key, value] of memory) attempt(() => backing.setItem(key, value), undefined);
        memory.clear();
      } else {
        const stored = attempt(() => Array.from({ length: backing.length }, (_, index) => backing.key(index)), [] as (string | null)[]);
        for (const key of stored) if (key !== null && !isEssentialKey(key)) attempt(() => backing.removeItem(key), undefined);
      }
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storage,
  };
};
