import type { KeyValueStorage } from './local';

/**
 * The survey links this browser has sent answers through, so that reloading the page after
 * the thanks does not quietly open a second answer (issue 27, item 6). Only a mark under the
 * link is kept (as the draft is kept under it): no answer, no name, no address, no time. A
 * shared device can still answer again ("Someone else is using this device"); the server's
 * seats and capacities are what bound the answers, this only spares an accidental repeat.
 * Storage failures (private mode, a full quota) cost only the reminder.
 */
export interface AnsweredLinks {
  has(token: string): boolean;
  remember(token: string): void;
}

export const answeredLinkKey = (token: string): string => `survey-answered:${token}`;

export const createAnsweredLinks = (storage: KeyValueStorage): AnsweredLinks => ({
  has: (token) => {
    try {
      return storage.getItem(answeredLinkKey(token)) !== null;
    } catch {
      return false;
    }
  },
  remember: (token) => {
    try {
      storage.setItem(answeredLinkKey(token), '1');
    } catch {
      // Nothing to remember with: the page will simply not remind.
    }
  },
});
