import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { MemberMessages } from './members';
import { OrganizationMessages } from './organization';
import { ALIAS_LIMIT, LinkAlias } from './textLimits';

/**
 * Survey links ("tokens", SPEC sections 3 and 7): a public token with an alias, a survey, an
 * optional group, an anonymity choice, a validity window and a number of seats.
 */

export const ALIAS_MAX = ALIAS_LIMIT.max;
/** SPEC section 9: a survey link is disabled after 2 weeks. */
export const LINK_MAX_DAYS = 14;
export const LINK_MAX_MS = LINK_MAX_DAYS * 86_400_000;
/** Far above any organisation's seats; keeps the value inside a PostgreSQL integer. */
export const LINK_CAPACITY_MAX = 1_000_000;
export const LINK_EMAILS_MAX = 200;
export const LINK_EMAIL_MESSAGE_MAX = 1000;
/** SPEC section 9: default survey id 1. */
export const DEFAULT_SURVEY_ID = 1;

/** 1: anonymous, the survey does not ask for first and last name; 0: named. */
export const Anonymity = t.union([t.literal(0), t.literal(1)]);
export type Anonymity = t.TypeOf<typeof Anonymity>;

/**
 * What a link does now, first match wins: 'expired' (past its expiry, whatever the switch),
 * 'inactive' (switched off), 'scheduled' (not started), 'full' (no seat left), 'active'.
 */
export const TokenStatus = t.keyof({ active: null, inactive: null, expired: null, full: null, scheduled: null });
export type TokenStatus = t.TypeOf<typeof TokenStatus>;

export const SurveySummary = t.strict({ id: t.number, name: t.string });
export type SurveySummary = t.TypeOf<typeof SurveySummary>;

/** A group (parent_id null) or a sub-group (parent_id its group). */
export const TokenDepartment = t.strict({ id: t.string, name: t.string, parent_id: t.union([t.string, t.null]) });
export type TokenDepartment = t.TypeOf<typeof TokenDepartment>;

/** One survey link as the control panel shows it. Instants are ISO 8601 in UTC. */
export const TokenLink = t.strict({
  id: t.string,
  alias: t.string,
  token: t.string,
  /** The address participants open: `{appUrl}/?token=...&alias=...`. */
  url: t.string,
  survey: SurveySummary,
  /** null: the whole organisation (the participant picks a group in the survey). */
  department: t.union([TokenDepartment, t.null]),
  anonymity: Anonymity,
  starts_at: t.string,
  expires_at: t.string,
  capacity: t.number,
  used: t.number,
  /** capacity - used. */
  usage_left: t.number,
  /** The administrator's switch; `status` says whether the link works now. */
  active: t.boolean,
  status: TokenStatus,
  created_at: t.string,
});
export type TokenLink = t.TypeOf<typeof TokenLink>;

/**
 * Create (no id) or change (id) a link. On creation alias, expires_at and capacity are
 * required; survey_id defaults to 1, department_id to null, anonymity to 1, active to true,
 * starts_at to now. On a change only the fields given are changed. Numbers and instants are
 * checked by the server so that it can answer its own sentences (TokenMessages).
 */
export const TokenUpdateInput = t.exact(
  t.partial({
    id: t.string,
    alias: LinkAlias,
    survey_id: t.number,
    department_id: t.union([t.string, t.null]),
    anonymity: t.number,
    /** ISO 8601 date and time; without an offset it is read as UTC. */
    starts_at: t.string,
    /** ISO 8601 date and time; without an offset it is read as UTC. At most 14 days ahead. */
    expires_at: t.string,
    capacity: t.number,
    active: t.boolean,
  }),
);
export type TokenUpdateInput = t.TypeOf<typeof TokenUpdateInput>;

/** SPEC section 3, token check response, plus the link's group and expiry. */
export const RegisterTokenCheck = t.strict({
  anonymity: Anonymity,
  organization_name: t.string,
  token: t.string,
  survey_id: t.number,
  /** Known when the participant came with a personal survey invitation, else null. */
  email: t.union([t.string, t.null]),
  first_name: t.union([t.string, t.null]),
  last_name: t.union([t.string, t.null]),
  /** The invited person runs a group or sub-group of the organisation. */
  organization_assignee: t.boolean,
  /** The participant came with a personal survey invitation. */
  organization_invited: t.boolean,
  department: t.union([t.strict({ id: t.string, name: t.string }), t.null]),
  expires_at: t.string,
  /** The organisation's survey language, which the page follows when the browser's is not spoken; null: the product's default. */
  organization_locale: t.union([t.string, t.null]),
});
export type RegisterTokenCheck = t.TypeOf<typeof RegisterTokenCheck>;

/** Administrators see every link; group and sub-group assignees those of the groups they run. Newest first. */
export const getTokens = endpoint({ method: 'GET', path: '/token/all', data: t.array(TokenLink) });

/** The surveys a link can point to, for the link form. */
export const getTokenSurveys = endpoint({ method: 'GET', path: '/token/surveys', data: t.array(SurveySummary) });

export const updateToken = endpoint({ method: 'POST', path: '/token/update', body: TokenUpdateInput, data: TokenLink });

/**
 * Public: whether a survey link can be answered now. `invitation` is the token of a personal
 * survey invitation for this link; it fills in the person's email and names.
 */
export const checkRegisterToken = endpoint({
  method: 'GET',
  path: '/check-register-token',
  query: t.intersection([t.strict({ token: t.string }), t.partial({ alias: t.string, invitation: t.string })]),
  data: RegisterTokenCheck,
});

/** Emails the link to each address (duplicates, in any letter case, once); answers how many were queued. */
export const manipulationEmail = endpoint({
  method: 'POST',
  path: '/survey/manipulation-email',
  body: t.intersection([t.strict({ token_id: t.string, emails: t.array(t.string) }), t.partial({ message: t.string })]),
  data: t.strict({ queued: t.number }),
});

/** Server wording for survey links (SPEC section 8 names; our sentences where it gives none). */
export const TokenMessages = {
  onlyAdministrator: OrganizationMessages.onlyAdministrator,
  linkNotFound: 'This survey link does not exist.',
  aliasLength: ALIAS_LIMIT.tooLong,
  aliasCharacters: ALIAS_LIMIT.badCharacters,
  aliasTaken: 'Another survey link of your organisation already uses this alias.',
  surveyDoesNotExist: 'This survey does not exist.',
  /** 'department or user does not belong to your organisation'. */
  departmentNotInOrganization: MemberMessages.notBelongToOrganization,
  dateTimeFormat: 'Please give a date and time such as 2025-05-01T17:00Z (read as UTC when no offset is given).',
  expiryInPast: 'The expiry must be in the future.',
  expiryTooFar: `A survey link is disabled after 2 weeks: the expiry can be at most ${LINK_MAX_DAYS} days from now.`,
  startAfterExpiry: 'The start must be before the expiry.',
  expiredActivation: 'This link has expired: choose a new expiry date to activate it.',
  anonymity: 'The anonymity must be 1 (anonymous) or 0 (named).',
  capacityInteger: `The capacity must be a whole number from 0 to ${LINK_CAPACITY_MAX}.`,
  /** 'usage left out of range': the usage left (capacity - used) must lie in 0..max. */
  usageLeftOutOfRange: (max: number) => `The seats left on this link must be from 0 to ${max}: change the number of seats.`,
  /** 'organisation capacity full'. */
  organizationCapacityFull: 'The organisation has no free seats left for this link.',
  /** 'token no longer valid': unknown token, alias mismatch or switched off. */
  tokenNoLongerValid: 'This survey link is no longer valid.',
  surveyExpired: 'This survey has expired.',
  surveyNotStarted: 'This survey has not started yet.',
  tokenHasNoSeats: 'This survey link has no seats left.',
  /** A group link whose group (or the group above its sub-group) has as many answers as its capacity. */
  groupLinkFull: 'This group is full: it takes no more answers.',
  alreadyCompleted: 'You have already completed this survey.',
  invitationNoLongerValid: 'This survey invitation is no longer valid.',
  emailsCount: `Please give 1 to ${LINK_EMAILS_MAX} email addresses.`,
  messageTooLong: `The message may not be longer than ${LINK_EMAIL_MESSAGE_MAX} characters.`,
} as const;

// 2025-05-01T17:00, with optional seconds and fraction, then Z, an offset, or nothing (UTC).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO 8601 date and time as an instant; without an offset it is read as UTC (SPEC
 * section 4: the administrator chooses a UTC expiry). Undefined for anything else,
 * including impossible dates such as 2025-02-30.
 */
export const parseUtcDateTime = (text: string): Date | undefined => {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((index) => Number(match[index] ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const millisecond = Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  const zone = match[8];
  if (zone === undefined || zone.toUpperCase() === 'Z') return new Date(local);
  const digits = zone.replace(':', '');
  const offsetHours = Number(digits.slice(1, 3));
  const offsetMinutes = Number(digits.slice(3, 5));
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const sign = digits.startsWith('-') ? -1 : 1;
  return new Date(local - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
};

export interface LinkTimes {
  readonly active: boolean;
  readonly starts_at: Date;
  readonly expires_at: Date;
  readonly capacity: number;
  readonly used: number;
}

/** The link's status at `now` (see TokenStatus). A link works from starts_at up to, not including, expires_at. */
export const linkStatus = (link: LinkTimes, now: Date): TokenStatus => {
  if (link.expires_at.getTime() <= now.getTime()) return 'expired';
  if (!link.active) return 'inactive';
  if (link.starts_at.getTime() > now.getTime()) return 'scheduled';
  if (link.used >= link.capacity) return 'full';
  return 'active';
};

/**
 * The seats a link holds back from the organisation's seat capacity: all of its capacity
 * while it may still be used (switched on and not expired), else only the seats it used.
 */
export const promisedSeats = (link: Pick<LinkTimes, 'active' | 'expires_at' | 'capacity' | 'used'>, now: Date): number =>
  link.active && link.expires_at.getTime() > now.getTime() ? link.capacity : link.used;
