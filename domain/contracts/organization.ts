import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { ORGANIZATION_NAME_LIMIT, OrganizationName } from './textLimits';

/** The signed-in user's organisation (SPEC section 3, Organisation: information). */
export const OrganizationInformation = t.strict({
  id: t.string,
  name: t.string,
  country: t.string,
  industry: t.union([t.string, t.null]),
  seat_capacity: t.number,
  /** ISO 8601 instant; null: the package has no end date. */
  package_expires_at: t.union([t.string, t.null]),
  view_as_consent: t.boolean,
  /** Free text set with POST /organization/update; null: none. */
  details: t.union([t.string, t.null]),
  /** Where to fetch the logo (with the bearer token; the query changes with the logo); null: none. */
  logo_url: t.union([t.string, t.null]),
  /** The language its survey links open in when the participant's browser asks for none the product speaks; null: the product's default. */
  survey_locale: t.union([t.string, t.null]),
});
export type OrganizationInformation = t.TypeOf<typeof OrganizationInformation>;

/** 1: the organisation, 2: its groups, 3: their sub-groups (SPEC section 3, Tiers). */
export const TierLevel = t.union([t.literal(1), t.literal(2), t.literal(3)]);
export type TierLevel = t.TypeOf<typeof TierLevel>;

export const Tier = t.strict({ level: TierLevel, name: t.string });
export type Tier = t.TypeOf<typeof Tier>;

export const TIER_NAME_MAX = 60;

/** The tier names a new organisation starts with (SPEC section 3), in the product's English; the administrator may rename them. */
export const DEFAULT_TIER_NAMES = { 1: 'Organisation', 2: 'Tier 2 groups', 3: 'Tier 3 sub-groups' } as const;

/**
 * One entry of a rename. The level is any number here so that the server can answer its own
 * message ('The tier level must be 1, 2 or 3.') rather than a generic decoding error.
 */
export const TierRename = t.strict({ level: t.number, name: t.string });

/**
 * A date-range setting (SPEC section 3: label, type, value; organization_ids is the owner,
 * implied by the session). Dates are calendar days, 'YYYY-MM-DD':
 * - type 'between': value 'YYYY-MM-DD..YYYY-MM-DD', start on or before end (both included);
 * - type 'since': value 'YYYY-MM-DD', from that day on.
 */
export const DateRangeType = t.keyof({ between: null, since: null });
export type DateRangeType = t.TypeOf<typeof DateRangeType>;

export const DateRange = t.strict({ id: t.string, label: t.string, type: DateRangeType, value: t.string });
export type DateRange = t.TypeOf<typeof DateRange>;

/** A range as saved by the client: an id is kept only if it names one of the stored ranges. */
export const DateRangeInput = t.intersection([t.strict({ label: t.string, type: DateRangeType, value: t.string }), t.partial({ id: t.string })]);
export type DateRangeInput = t.TypeOf<typeof DateRangeInput>;

export const DATE_RANGE_LABEL_MAX = 60;
export const DATE_RANGES_MAX = 20;

export const DateRangeCheck = t.intersection([t.strict({ valid: t.boolean }), t.partial({ message: t.string })]);
export type DateRangeCheck = t.TypeOf<typeof DateRangeCheck>;

export const getOrganizationInformation = endpoint({ method: 'GET', path: '/organization/information', data: OrganizationInformation });

/** Path spelled as in SPEC section 7. */
export const getTiers = endpoint({ method: 'GET', path: '/organization/tires', data: t.array(Tier) });

/** Administrator only. Renames the listed levels (1 to 3 entries, each level once); answers all three. */
export const renameTiers = endpoint({
  method: 'PATCH',
  path: '/organization/rename-tiers',
  body: t.strict({ tiers: t.array(TierRename) }),
  data: t.array(Tier),
});

export const getDateRanges = endpoint({ method: 'GET', path: '/organization/setting/date-range', data: t.array(DateRange) });

/** Administrator or second administrator. Replaces the whole list; answers it with server ids. */
export const saveDateRanges = endpoint({
  method: 'POST',
  path: '/organization/setting/date-range',
  body: t.strict({ ranges: t.array(DateRangeInput) }),
  data: t.array(DateRange),
});

/** Checks one value with the save rules; type defaults to 'between' when the value has '..', else 'since'. */
export const checkDateRange = endpoint({
  method: 'GET',
  path: 'organization/setting/date-range/check',
  query: t.intersection([t.strict({ value: t.string }), t.partial({ type: DateRangeType })]),
  data: DateRangeCheck,
});

/** Administrator or second administrator. industry '' or null clears it; survey_locale null is the product's default. */
export const updateOrganizationSetting = endpoint({
  method: 'PATCH',
  path: '/organization/setting/update',
  body: t.partial({ name: OrganizationName, industry: t.union([t.string, t.null]), survey_locale: t.union([t.string, t.null]) }),
  data: OrganizationInformation,
});

/** Administrator only: flips whether administrators may view as another group (SPEC section 4). */
export const toggleViewAsConsent = endpoint({
  method: 'POST',
  path: '/organization/toggle-view-as-consent',
  data: t.strict({ view_as_consent: t.boolean }),
  primary: true,
});

/** Server wording for the organisation area (SPEC section 8 and field validation). */
export const OrganizationMessages = {
  onlyAdministrator: 'Only the administrator can do this.',
  cannotRenameTiers: 'The tiers cannot be renamed.',
  tierLevel: 'The tier level must be 1, 2 or 3.',
  tierLevelRepeated: 'Each tier level can be renamed only once per request.',
  tierName: `The tier name must be 1 to ${TIER_NAME_MAX} characters.`,
  rangeLabel: `The label must be 1 to ${DATE_RANGE_LABEL_MAX} characters.`,
  rangeDate: 'Please provide real dates as YYYY-MM-DD.',
  rangeBetweenFormat: 'A between range is written YYYY-MM-DD..YYYY-MM-DD.',
  rangeOrder: 'The start date must not be after the end date.',
  tooManyRanges: `At most ${DATE_RANGES_MAX} date ranges can be saved.`,
  organizationNameRequired: 'The organization name field is required',
  organizationNameTooLong: ORGANIZATION_NAME_LIMIT.tooLong,
  industryTooLong: 'The industry may not be longer than 255 characters.',
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' (no 2023-02-30). */
export const isCalendarDay = (text: string): boolean => {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** The type a check assumes when none is given. */
export const impliedDateRangeType = (value: string): DateRangeType => (value.includes('..') ? 'between' : 'since');

/** Why a date-range value is refused, or undefined when it is acceptable. */
export const dateRangeValueError = (type: DateRangeType, value: string): string | undefined => {
  if (type === 'since') return isCalendarDay(value) ? undefined : OrganizationMessages.rangeDate;
  const parts = value.split('..');
  if (parts.length !== 2) return OrganizationMessages.rangeBetweenFormat;
  const [start, end] = parts as [string, string];
  if (!isCalendarDay(start) || !isCalendarDay(end)) return OrganizationMessages.rangeDate;
  return start <= end ? undefined : OrganizationMessages.rangeOrder;
};
