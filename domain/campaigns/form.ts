import {
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_REMINDERS_MAX,
  type Campaign,
  type CampaignInput,
  type CampaignState,
} from '../contracts/campaigns';

/**
 * The campaign form of Coordinator → Campaigns (issue 29) without React: what the form holds,
 * what it sends, what it refuses before sending, and which buttons a campaign's state allows.
 * The server has the last word on every rule (domain/campaigns/schedule.ts); the form checks
 * only what needs no clock and no data, and says it in the server's words.
 */

/** What the form's fields hold: text as typed, reminders as up to three day counts. */
export interface CampaignDraft {
  readonly name: string;
  readonly token_id: string;
  readonly group_ids: readonly string[];
  readonly person_ids: readonly string[];
  readonly time_zone: string;
  /** YYYY-MM-DDTHH:mm, as a datetime-local input holds it. */
  readonly send_local: string;
  /** One text per reminder shown; an empty one is no reminder. */
  readonly reminders: readonly string[];
  readonly closes_local: string;
}

/** The form's fields that a refusal can name; each server error is shown under the one its key starts with. */
export const CAMPAIGN_FIELDS = ['name', 'token_id', 'recipients', 'time_zone', 'send_local', 'reminder_days', 'closes_local'] as const;
export type CampaignField = (typeof CAMPAIGN_FIELDS)[number];

/** The field a server error key ('recipients.group_ids', 'reminder_days.1') belongs to, or null. */
export const fieldOfErrorKey = (key: string): CampaignField | null => {
  const root = key.split(/[.[]/)[0] ?? '';
  if (root === 'group_ids' || root === 'person_ids') return 'recipients';
  return (CAMPAIGN_FIELDS as readonly string[]).includes(root) ? (root as CampaignField) : null;
};

/** The server's errors gathered by the form's fields; keys it cannot place are left to the form's alert. */
export const errorsByField = (errors: Readonly<Record<string, readonly string[]>>): Partial<Record<CampaignField, string[]>> => {
  const byField: Partial<Record<CampaignField, string[]>> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = fieldOfErrorKey(key);
    if (field === null) continue;
    const list = (byField[field] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return byField;
};

const two = (n: number): string => String(n).padStart(2, '0');

/** The wall-clock time (YYYY-MM-DDTHH:mm) an instant shows in an IANA zone. */
export const wallClockIn = (at: Date, timeZone: string): string => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
};

/** The calendar day `days` after a YYYY-MM-DD date, at a given HH:mm. */
export const dayAfter = (date: string, days: number, time: string): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const later = new Date(Date.UTC(year, month - 1, day + days));
  return `${later.getUTCFullYear()}-${two(later.getUTCMonth() + 1)}-${two(later.getUTCDate())}T${time}`;
};

/** The reminders a new campaign proposes: one, three days after the invitation. */
export const DEFAULT_REMINDERS: readonly string[] = ['3'];
const DEFAULT_SEND_TIME = '09:00';
const DEFAULT_CLOSE_TIME = '17:00';
const DEFAULT_OPEN_DAYS = 10;

/**
 * A new campaign: the invitation tomorrow at nine in the zone, one reminder three days later,
 * closing ten days after the invitation at five (a link lasts at most two weeks).
 */
export const newDraft = (now: Date, timeZone: string, tokenId = ''): CampaignDraft => {
  const today = wallClockIn(now, timeZone).slice(0, 10);
  return {
    name: '',
    token_id: tokenId,
    group_ids: [],
    person_ids: [],
    time_zone: timeZone,
    send_local: dayAfter(today, 1, DEFAULT_SEND_TIME),
    reminders: DEFAULT_REMINDERS,
    closes_local: dayAfter(today, 1 + DEFAULT_OPEN_DAYS, DEFAULT_CLOSE_TIME),
  };
};

/** An existing campaign in the form, with the groups and people it was given. */
export const draftOf = (campaign: Campaign): CampaignDraft => ({
  name: campaign.name,
  token_id: campaign.link.id,
  group_ids: [...campaign.recipients.group_ids],
  person_ids: [...campaign.recipients.person_ids],
  time_zone: campaign.time_zone,
  send_local: campaign.send_local,
  reminders: campaign.reminder_days.map(String),
  closes_local: campaign.closes_local,
});

/**
 * A reminder's text as a number of days: digits only (with spaces around), else NaN so that the
 * server answers its own sentence about the days. Empty texts are not reminders.
 */
const daysOf = (text: string): number => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text.trim()) : Number.NaN);

/** The reminders as sent: the non-empty texts, in order. */
export const reminderDaysOf = (reminders: readonly string[]): number[] =>
  reminders.filter((text) => text.trim() !== '').map(daysOf);

/**
 * What the form sends. Once the invitation went the recipients are fixed, and the server reads
 * two empty lists as "the same people" (server/services/campaigns/manage.ts).
 */
export const inputOf = (draft: CampaignDraft, recipientsChosen = true): CampaignInput => ({
  name: draft.name.trim(),
  token_id: draft.token_id,
  recipients: recipientsChosen ? { group_ids: [...draft.group_ids], person_ids: [...draft.person_ids] } : { group_ids: [], person_ids: [] },
  time_zone: draft.time_zone,
  send_local: draft.send_local,
  reminder_days: reminderDaysOf(draft.reminders),
  closes_local: draft.closes_local,
});

/**
 * What the form refuses before sending, by field, each as the server's own sentence (so the
 * page shows one wording whichever side refused). Everything that needs the clock, the link or
 * the people is the server's to say.
 */
export type DraftProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'linkRequired'
  | 'noRecipients'
  | 'timeZoneUnknown'
  | 'timeInvalid'
  | 'remindersTooMany'
  | 'reminderDays';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const draftProblems = (draft: CampaignDraft, zones: ReadonlySet<string>, recipientsOpen = true): Partial<Record<CampaignField, DraftProblem>> => {
  const problems: Partial<Record<CampaignField, DraftProblem>> = {};
  const name = draft.name.trim();
  if (name === '') problems.name = 'nameRequired';
  else if (name.length > CAMPAIGN_NAME_MAX) problems.name = 'nameTooLong';
  if (draft.token_id === '') problems.token_id = 'linkRequired';
  if (recipientsOpen && draft.group_ids.length === 0 && draft.person_ids.length === 0) problems.recipients = 'noRecipients';
  if (!zones.has(draft.time_zone)) problems.time_zone = 'timeZoneUnknown';
  if (!LOCAL_TIME.test(draft.send_local)) problems.send_local = 'timeInvalid';
  if (!LOCAL_TIME.test(draft.closes_local)) problems.closes_local = 'timeInvalid';
  const days = reminderDaysOf(draft.reminders);
  if (days.length > CAMPAIGN_REMINDERS_MAX) problems.reminder_days = 'remindersTooMany';
  else if (days.some((d) => !Number.isInteger(d))) problems.reminder_days = 'reminderDays';
  return problems;
};

/** The buttons a campaign shows in each state: what the administrator decided and what the clock says. */
export interface CampaignControls {
  readonly edit: boolean;
  readonly pause: boolean;
  readonly resume: boolean;
  readonly cancel: boolean;
}

const CONTROLS: Readonly<Record<CampaignState, CampaignControls>> = {
  scheduled: { edit: true, pause: true, resume: false, cancel: true },
  running: { edit: true, pause: true, resume: false, cancel: true },
  paused: { edit: true, pause: false, resume: true, cancel: true },
  cancelled: { edit: false, pause: false, resume: false, cancel: false },
  closed: { edit: false, pause: false, resume: false, cancel: false },
};

export const controlsOf = (state: CampaignState): CampaignControls => CONTROLS[state];

/**
 * The recipients, the link and the invitation's time can change until the invitation went: its
 * time has not come and none of its mails went.
 */
export const recipientsOpen = (campaign: Campaign, now: Date): boolean =>
  controlsOf(campaign.state).edit &&
  (campaign.steps.find((step) => step.step === 0)?.sent ?? 0) === 0 &&
  now.getTime() < new Date(campaign.send_at).getTime();

/** Answered as a share of invited, in whole percent; null when it is hidden or nobody was invited. */
export const answeredShare = (answered: number | null, invited: number): number | null =>
  answered === null || invited <= 0 ? null : Math.round((Math.min(answered, invited) / invited) * 100);

/**
 * The zones a campaign can be set in: the runtime's IANA list (which leaves out UTC, an alias to
 * it), with UTC and the zone the campaign already has, in alphabetical order.
 */
export const zoneChoices = (supported: readonly string[], current: string): string[] =>
  [...new Set([...supported, 'UTC', ...(current === '' ? [] : [current])])].sort();
