import type { TabChannel } from '../../infrastructure/tabs/channel';
import type { AppEnvelope } from '../../infrastructure/bus/types';

/** Tabs of one browser, delivering synchronously: lets tests interleave tab events exactly. */
export const createMemoryTabHub = () => {
  const handlers = new Map<number, Set<(entry: AppEnvelope) => void>>();
  let next = 0;
  const open = (): TabChannel => {
    const id = ++next;
    handlers.set(id, new Set());
    return {
      post: (entry) => {
        for (const [other, set] of handlers) if (other !== id) for (const h of set) h(structuredClone(entry));
      },
      subscribe: (handler) => {
        handlers.get(id)!.add(handler);
        return () => handlers.get(id)?.delete(handler);
      },
      close: async () => void handlers.delete(id),
    };
  };
  return { open };
};

/** One localStorage shared by the tabs, with the storage events other tabs would receive. */
export const createSharedStorage = () => {
  const data = new Map<string, string>();
  const listeners = new Set<{ owner: number; fn: (e: { key: string | null }) => void }>();
  const forTab = (owner: number) => ({
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      data.set(k, v);
      for (const l of listeners) if (l.owner !== owner) l.fn({ key: k });
    },
    removeItem: (k: string) => {
      data.delete(k);
      for (const l of listeners) if (l.owner !== owner) l.fn({ key: k });
    },
    listen: (fn: (e: { key: string | null }) => void) => {
      const entry = { owner, fn };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  });
  return { forTab };
};
