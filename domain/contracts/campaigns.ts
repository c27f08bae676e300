import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { MemberMessages } from './members';
import { PeopleLanguage } from './people';

/**
 * Campaigns (issue 29): a survey link's personal invitations, sent to imported people at a time
 * chosen in a time zone, then up to three reminders to those who have not answered, until a
 * closing time.
 *
 * Decisions where SPEC and the issue are silent:
 * - Who: the administrator and the second administrator. A campaign invites people imported on
 *   the People page, picked by group (a group brings its sub-groups' people) or one by one.
 * - Times are wall-clock times in the campaign's IANA time zone (the organisation country's zone
 *   by default). A reminder goes `reminder_days[i]` days after the invitation at the same
 *   wall-clock time, whatever daylight saving time did in between.
 * - Each recipient gets one personal, single-use invitation to the link; a reminder carries a
 *   fresh token of the same invitation, and every token stops working once it is answered, or at
 *   the closing time. People who bounced or unsubscribed are not mailed again.
 * - A campaign can be edited until its closing time; recipients only until its invitation went.
 *   A mail that went is never sent again: each recipient and step is one row.
 * - The seats: the link must have a free seat for every recipient when the campaign is created.
 * - Participation: invited, reminded, bounced and unsubscribed count mails and addresses of the
 *   staff list and are sent as they are. Answered counts people who answered: it is a released
 *   figure (domain/stats), hidden below the threshold and adjusted like every other, per campaign,
 *   per group and per day. Nobody sees which person answered an anonymous survey.
 */

/** The most reminders a campaign sends. */
export const CAMPAIGN_REMINDERS_MAX = 3;
/** A reminder falls 1 to 60 days after the invitation. */
export const CAMPAIGN_REMINDER_DAYS_MIN = 1;
export const CAMPAIGN_REMINDER_DAYS_MAX = 60;
export const CAMPAIGN_NAME_MAX = 120;
/** The most recipients of one campaign. */
export const CAMPAIGN_RECIPIENTS_MAX = 50_000;
/** Campaigns per page of GET /campaigns. */
export const CAMPAIGN_PAGE_SIZE = 50;
/** Mails sent per minute when MAIL_PER_MINUTE is not set. */
export const MAIL_PER_MINUTE_DEFAULT = 120;

/** YYYY-MM-DDTHH:mm, a wall-clock time without zone. */
export const LocalDateTime = t.refinement(t.string, (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s), 'LocalDateTime');

/** What the administrator decided; `running` and `closed` are read from the clock. */
export const CampaignState = t.keyof({ scheduled: null, running: null, paused: null, cancelled: null, closed: null });
export type CampaignState = t.TypeOf<typeof CampaignState>;

const Place = t.strict({ id: t.string, name: t.string });

export const CampaignStep = t.strict({
  /** 0 the invitation, 1 to 3 the reminders. */
  step: t.number,
  /** ISO 8601 instant. */
  at: t.string,
  /** Mails of this step that went. */
  sent: t.number,
  /** Mails still waiting (queued, or being tried again). */
  queued: t.number,
});
export type CampaignStep = t.TypeOf<typeof CampaignStep>;

export const Campaign = t.strict({
  id: t.string,
  name: t.string,
  link: t.strict({ id: t.string, alias: t.string, survey_name: t.string, anonymity: t.union([t.literal(0), t.literal(1)]) }),
  time_zone: t.string,
  send_local: LocalDateTime,
  /** ISO 8601 instants. */
  send_at: t.string,
  reminder_days: t.array(t.number),
  closes_local: LocalDateTime,
  closes_at: t.string,
  state: CampaignState,
  /** Recipients by the group they were in when picked. */
  groups: t.array(Place),
  recipient_count: t.number,
  /** What was picked: the groups (with their sub-groups) and the people one by one, those that still exist. */
  recipients: t.strict({ group_ids: t.array(t.string), person_ids: t.array(t.string) }),
  steps: t.array(CampaignStep),
  created_at: t.string,
});
export type Campaign = t.TypeOf<typeof Campaign>;

export const CampaignList = t.strict({
  campaigns: t.array(Campaign),
  /** The zone a new campaign starts in: the organisation country's. */
  default_time_zone: t.string,
});
export type CampaignList = t.TypeOf<typeof CampaignList>;

/** Who to invite: every person of these groups (and their sub-groups), and these people. */
export const CampaignRecipients = t.strict({ group_ids: t.array(t.string), person_ids: t.array(t.string) });
export type CampaignRecipients = t.TypeOf<typeof CampaignRecipients>;

export const CampaignInput = t.strict({
  name: t.string,
  token_id: t.string,
  recipients: CampaignRecipients,
  time_zone: t.string,
  send_local: t.string,
  reminder_days: t.array(t.number),
  closes_local: t.string,
});
export type CampaignInput = t.TypeOf<typeof CampaignInput>;

const CampaignId = t.strict({ id: t.string });

export const CampaignUpdate = t.intersection([CampaignId, CampaignInput]);
export type CampaignUpdate = t.TypeOf<typeof CampaignUpdate>;

/** A released count: null when it is hidden (below the threshold). */
const Released = t.union([t.number, t.null]);

export const ParticipationRow = t.strict({
  invited: t.number,
  answered: Released,
  reminded: t.number,
  bounced: t.number,
  unsubscribed: t.number,
});
export type ParticipationRow = t.TypeOf<typeof ParticipationRow>;

export const CampaignParticipation = t.strict({
  campaign_id: t.string,
  anonymity: t.union([t.literal(0), t.literal(1)]),
  total: ParticipationRow,
  groups: t.array(t.intersection([t.strict({ group: Place }), ParticipationRow])),
  /** Answers by day (YYYY-MM-DD in the campaign's time zone), each a released count. */
  by_day: t.array(t.strict({ day: t.string, answered: Released })),
  /** The threshold below which an answered figure is hidden. */
  threshold: t.number,
});
export type CampaignParticipation = t.TypeOf<typeof CampaignParticipation>;

export const listCampaigns = endpoint({ method: 'GET', path: '/campaigns', data: CampaignList, primary: true });
export const createCampaign = endpoint({ method: 'POST', path: '/campaigns', body: CampaignInput, data: Campaign, primary: true });
export const updateCampaign = endpoint({ method: 'POST', path: '/campaigns/update', body: CampaignUpdate, data: Campaign, primary: true });
export const pauseCampaign = endpoint({ method: 'POST', path: '/campaigns/pause', body: CampaignId, data: Campaign, primary: true });
export const resumeCampaign = endpoint({ method: 'POST', path: '/campaigns/resume', body: CampaignId, data: Campaign, primary: true });
export const cancelCampaign = endpoint({ method: 'POST', path: '/campaigns/cancel', body: CampaignId, data: Campaign, primary: true });
export const campaignParticipation = endpoint({
  method: 'GET',
  path: '/campaigns/participation',
  query: CampaignId,
  data: CampaignParticipation,
  primary: true,
});

/**
 * One-click unsubscribe (RFC 8058): the mail's List-Unsubscribe header names
 * `/api/unsubscribe?token=…` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. A POST there
 * unsubscribes without sign-in; a GET (a person following the link in the mail's text) answers a
 * small page in the recipient's language with one button that POSTs, so a link scanner that only
 * fetches unsubscribes nobody.
 */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export const campaignEndpoints = { listCampaigns, createCampaign, updateCampaign, pauseCampaign, resumeCampaign, cancelCampaign, campaignParticipation } as const;

export { PeopleLanguage as CampaignLanguage };

/** Server wording of campaigns. */
export const CampaignMessages = {
  notAllowed: 'Only the administrators can run campaigns.',
  notFound: 'This campaign does not exist.',
  nameRequired: 'Please give the campaign a name.',
  nameTooLong: `The name may be at most ${CAMPAIGN_NAME_MAX} characters.`,
  linkNotFound: MemberMessages.surveyLinkNotFound,
  linkClosed: MemberMessages.surveyLinkClosed,
  notEnoughSeats: MemberMessages.surveyLinkNotEnoughSeats,
  noRecipients: 'Choose at least one group or person to invite.',
  tooManyRecipients: `A campaign invites at most ${CAMPAIGN_RECIPIENTS_MAX.toLocaleString('en')} people.`,
  recipientUnknown: 'One of the chosen people or groups no longer exists.',
  timeZoneUnknown: 'Please choose a time zone from the list.',
  timeInvalid: 'Please enter a date and time.',
  timeNotInZone: 'This time does not exist in the chosen time zone (the clocks change then).',
  sendInPast: 'The invitation time has passed: choose a later time.',
  closesBeforeSend: 'The closing time must be after the invitation time.',
  closesAfterLink: 'The campaign must close before the survey link expires.',
  remindersTooMany: `At most ${CAMPAIGN_REMINDERS_MAX} reminders.`,
  reminderDays: `A reminder falls ${CAMPAIGN_REMINDER_DAYS_MIN} to ${CAMPAIGN_REMINDER_DAYS_MAX} days after the invitation, each after the one before.`,
  reminderAfterClose: 'Every reminder must fall before the closing time.',
  recipientsFixed: 'The invitation has gone: the recipients can no longer change.',
  sendFixed: 'The invitation has gone: its time and the survey link can no longer change.',
  alreadyCancelled: 'This campaign was cancelled.',
  alreadyClosed: 'This campaign has closed.',
  notPaused: 'This campaign is not paused.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
