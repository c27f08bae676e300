import { CONSENT_KEY } from './keys';

export { CONSENT_KEY, CONSENT_VERSION, isEssentialKey, parseConsent, serialiseConsent, type ConsentChoice } from './keys';

/**
 * What the product keeps in the browser, and which of it needs consent (issue 17, GET
 * /accept-cookie). Essential: the sign-in token cookies, the session kept across reloads and
 * tabs, the inactivity clock and the consent choice itself. Everything else (preferences and
 * caches, the survey draft) is written only after "Accept all"; before that, or after "Only
 * essential", it lives in the page's memory and is gone with it.
 */
export interface StoredThing {
  readonly name: string;
  readonly where: 'cookie' | 'localStorage';
  readonly essential: boolean;
  readonly purpose: string;
}

export const STORED_THINGS: readonly StoredThing[] = [
  { name: 'token', where: 'cookie', essential: true, purpose: 'Keeps you signed in (365 days, until you log out).' },
  { name: 'secondary_token', where: 'cookie', essential: true, purpose: 'The group you view as, while you do.' },
  { name: 'state', where: 'localStorage', essential: true, purpose: 'Your session, so a reload or a new tab keeps you signed in.' },
  { name: 'version', where: 'localStorage', essential: true, purpose: 'The format of the saved session.' },
  { name: 'refresh_token', where: 'localStorage', essential: true, purpose: 'Renews your session.' },
  { name: 'lastActionAt', where: 'localStorage', essential: true, purpose: 'Signs you out after 30 minutes without activity, in every tab.' },
  { name: CONSENT_KEY, where: 'localStorage', essential: true, purpose: 'Remembers this choice.' },
  { name: 'newLang', where: 'localStorage', essential: false, purpose: 'The language you chose.' },
  { name: 'regex', where: 'localStorage', essential: false, purpose: 'An offline copy of the password rule.' },
  { name: 'dateRange', where: 'localStorage', essential: false, purpose: 'The dashboard date range you chose.' },
  { name: 'dateId', where: 'localStorage', essential: false, purpose: 'The dashboard date range you chose.' },
  { name: 'dashboardIsBuilt', where: 'localStorage', essential: false, purpose: 'Whether the dashboard was built once.' },
  { name: 'survey-draft:*', where: 'localStorage', essential: false, purpose: 'Your survey answers while you fill it in, so a reload loses nothing.' },
  { name: 'debug', where: 'localStorage', essential: false, purpose: 'Keeps the debug panel open (administrators).' },
];
