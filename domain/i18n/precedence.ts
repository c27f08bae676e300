import { browserLanguage, isProductLanguage } from './languages';

/**
 * Which language a text is written in, when it leaves the screen (docs/languages.md, "Whose
 * language"). Each kind of text has its own order of the languages known about its reader; the
 * first that the product speaks wins, else English. The person's account language is the
 * setting they chose (Account settings, or "Use for my account" after the header switch); the
 * header switch alone changes only the screen.
 */
export type LanguageSource =
  /** The reader's account setting (users.locale_id). */
  | 'account'
  /** The language a participant answered the survey in (their request's X-Locale). */
  | 'answeredIn'
  /** The account setting of the person who sends a mail to someone without an account. */
  | 'sender'
  /** The language of the request that asked for the text (X-Locale: the screen's language). */
  | 'request'
  /** The language chosen on this device before signing in (kept under newLang). */
  | 'device'
  /** The operator's OPERATOR_LOCALE. */
  | 'operator';

export type LanguageFacts = Partial<Readonly<Record<LanguageSource, string | null | undefined>>>;

export const LANGUAGE_PRECEDENCE = {
  /** The screens right after signing in. */
  screenAfterSignIn: ['account', 'device'],
  /** Sign-in and security codes, package reminders: asked for by no screen of the reader's. */
  accountMail: ['account'],
  /** A password reset: the account's language, else the page it was asked from. */
  resetMail: ['account', 'request'],
  /** Invitations and survey links to people without an account: written by the sender. */
  sentOnBehalf: ['sender', 'request'],
  /** A new administrator's welcome: they have no setting yet; the page they registered on. */
  welcomeMail: ['request'],
  /** A participant's edit links (and whatever else a participant receives): the survey's language. */
  participantMail: ['answeredIn'],
  /** A certificate PDF: the language of the administrator who downloads it. */
  certificate: ['account', 'request'],
  /** Spreadsheets, CSV and PDF reports: the language of the person who exports. */
  export: ['account', 'request'],
  /** A request to the operator. */
  operatorMail: ['operator'],
} as const satisfies Readonly<Record<string, readonly LanguageSource[]>>;

export type LanguagePurpose = keyof typeof LANGUAGE_PRECEDENCE;

/** What every text falls back to when nothing known is spoken by the product. */
export const LAST_RESORT_LANGUAGE = 'en';

/** A product language code for a code or a language tag ('fr', 'fr-CA', 'en-AU' is 'au'), or undefined when the product does not speak it. */
export const spokenLanguage = (tag: string | null | undefined): string | undefined => {
  const trimmed = tag?.trim() ?? '';
  if (trimmed === '' || trimmed.length > 35) return undefined;
  const lower = trimmed.toLowerCase();
  return isProductLanguage(lower) ? lower : browserLanguage([lower]);
};

/** The language of a text of this purpose: the first source in its order that the product speaks, else English. */
export const languageFor = (purpose: LanguagePurpose, facts: LanguageFacts): string => {
  for (const source of LANGUAGE_PRECEDENCE[purpose]) {
    const spoken = spokenLanguage(facts[source]);
    if (spoken !== undefined) return spoken;
  }
  return LAST_RESORT_LANGUAGE;
};
