/**
 * The browser storage keys the product writes without asking (issue 17): the saved session, the
 * inactivity clock and the consent choice itself. Every other key waits for "Accept all"
 * (domain/consent/policy.ts lists them all, with their purposes).
 */
export const CONSENT_KEY = 'cookieConsent';
export const CONSENT_VERSION = 1;

export const ESSENTIAL_STORAGE_KEYS: readonly string[] = ['state', 'version', 'refresh_token', 'lastActionAt', CONSENT_KEY];

const ESSENTIAL = new Set(ESSENTIAL_STORAGE_KEYS);

/** Whether a localStorage key may be written without consent. Unknown keys need consent. */
export const isEssentialKey = (key: string): boolean => ESSENTIAL.has(key);

export type ConsentChoice = 'all' | 'essential';

/** The stored choice, or undefined when none (or an older version) is stored: the banner shows. */
export const parseConsent = (raw: string | null): ConsentChoice | undefined => {
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as { v?: unknown; choice?: unknown };
    return value.v === CONSENT_VERSION && (value.choice === 'all' || value.choice === 'essential') ? value.choice : undefined;
  } catch {
    return undefined;
  }
};

export const serialiseConsent = (choice: ConsentChoice): string => JSON.stringify({ v: CONSENT_VERSION, choice });
