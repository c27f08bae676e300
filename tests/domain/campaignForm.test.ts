import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_NAME_MAX, CAMPAIGN_REMINDERS_MAX, type Campaign, CampaignInput, CampaignMessages, type CampaignState,
} from '../../domain/contracts/campaigns';
import {
  type CampaignDraft, controlsOf, dayAfter, draftOf, draftProblems, errorsByField, fieldOfErrorKey, inputOf, newDraft, recipientsOpen,
  reminderDaysOf, wallClockIn, zoneChoices, answeredShare,
} from '../../domain/campaigns/form';
import { enCampaigns } from '../../domain/i18n/en.campaigns';
import { en } from '../../domain/i18n/en';
import { enFirstLoad } from '../../domain/i18n/en.firstLoad';

const ZONES = new Set(['UTC', 'Europe/Paris', 'Australia/Sydney']);
const STATES: readonly CampaignState[] = ['scheduled', 'running', 'paused', 'cancelled', 'closed'];

const localTime = fc
  .record({ y: fc.integer({ min: 2020, max: 2040 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }), h: fc.integer({ min: 0, max: 23 }), min: fc.integer({ min: 0, max: 59 }) })
  .map(({ y, m, d, h, min }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`);

const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: 'c1',
  name: 'Spring survey',
  link: { id: 'l1', alias: 'spring', survey_name: 'Diversity', anonymity: 1 },
  time_zone: 'Europe/Paris',
  send_local: '2027-03-01T09:00',
  send_at: '2027-03-01T08:00:00.000Z',
  reminder_days: [3, 7],
  closes_local: '2027-03-11T17:00',
  closes_at: '2027-03-11T16:00:00.000Z',
  state: 'scheduled',
  groups: [{ id: 'g1', name: 'Sales' }],
  recipient_count: 500,
  recipients: { group_ids: ['g1'], person_ids: [] },
  steps: [
    { step: 0, at: '2027-03-01T08:00:00.000Z', sent: 0, queued: 500 },
    { step: 1, at: '2027-03-04T08:00:00.000Z', sent: 0, queued: 0 },
  ],
  created_at: '2027-02-20T10:00:00.000Z',
  ...overrides,
});

const draft = (overrides: Partial<CampaignDraft> = {}): CampaignDraft => ({ ...draftOf(campaign()), ...overrides });

describe('the campaign form', () => {
  it('sends what the contract decodes, reminders as numbers in their order, empty ones left out', () => {
    fc.assert(
      fc.property(
        fc.string(), fc.array(fc.uuid(), { maxLength: 4 }), fc.array(fc.uuid(), { maxLength: 4 }), localTime, localTime,
        fc.array(fc.oneof(fc.integer({ min: 1, max: 60 }).map(String), fc.constant(''), fc.constant('  ')), { maxLength: 3 }),
        (name, groups, people, send, closes, reminders) => {
          const input = inputOf(draft({ name, group_ids: groups, person_ids: people, send_local: send, closes_local: closes, reminders }));
          expect(CampaignInput.is(input)).toBe(true);
          expect(input.name).toBe(name.trim());
          expect(input.reminder_days).toEqual(reminders.filter((r) => r.trim() !== '').map(Number));
          expect(input.recipients).toEqual({ group_ids: groups, person_ids: people });
        },
      ),
    );
  });

  it('gives back a campaign as it was set: its link, groups, zone, times and reminders', () => {
    const input = inputOf(draftOf(campaign()));
    expect(input).toEqual({
      name: 'Spring survey', token_id: 'l1', recipients: { group_ids: ['g1'], person_ids: [] }, time_zone: 'Europe/Paris',
      send_local: '2027-03-01T09:00', reminder_days: [3, 7], closes_local: '2027-03-11T17:00',
    });
  });

  it('leaves a reminder that is not a whole number of days to the server, as NaN', () => {
    expect(reminderDaysOf(['3', ' 7 ', '', 'two'])).toEqual([3, 7, Number.NaN]);
    expect(reminderDaysOf(['1.5'])).toEqual([Number.NaN]);
  });

  it('refuses before sending only what needs no clock: name, link, recipients, zone, time shapes and reminders', () => {
    expect(draftProblems(draft(), ZONES)).toEqual({});
    expect(draftProblems(draft({ name: '   ' }), ZONES)).toEqual({ name: 'nameRequired' });
    expect(draftProblems(draft({ name: 'x'.repeat(CAMPAIGN_NAME_MAX + 1) }), ZONES)).toEqual({ name: 'nameTooLong' });
    expect(draftProblems(draft({ token_id: '' }), ZONES)).toEqual({ token_id: 'linkRequired' });
    expect(draftProblems(draft({ group_ids: [], person_ids: [] }), ZONES)).toEqual({ recipients: 'noRecipients' });
    // Once the invitation went the recipients are not sent for a change, so none is no problem.
    expect(draftProblems(draft({ group_ids: [], person_ids: [] }), ZONES, false)).toEqual({});
    expect(draftProblems(draft({ time_zone: 'Mars/Olympus' }), ZONES)).toEqual({ time_zone: 'timeZoneUnknown' });
    expect(draftProblems(draft({ send_local: '' }), ZONES)).toEqual({ send_local: 'timeInvalid' });
    expect(draftProblems(draft({ closes_local: '2027-03-11' }), ZONES)).toEqual({ closes_local: 'timeInvalid' });
    expect(draftProblems(draft({ reminders: ['1', '2', '3', '4'] }), ZONES)).toEqual({ reminder_days: 'remindersTooMany' });
    expect(draftProblems(draft({ reminders: ['soon'] }), ZONES)).toEqual({ reminder_days: 'reminderDays' });
  });

  it('never refuses a draft whose fields are all well formed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: CAMPAIGN_NAME_MAX }).filter((s) => s.trim() !== ''), localTime, localTime,
        fc.array(fc.integer({ min: 0, max: 999 }).map(String), { maxLength: CAMPAIGN_REMINDERS_MAX }), fc.constantFrom(...ZONES),
        (name, send, closes, reminders, zone) => {
          expect(draftProblems(draft({ name, send_local: send, closes_local: closes, reminders, time_zone: zone }), ZONES)).toEqual({});
        },
      ),
    );
  });

  it('starts a new campaign tomorrow at nine in its zone, one reminder after three days, closing ten days later', () => {
    // 23:30 UTC on 31 December is already 1 January in Sydney.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(newDraft(now, 'UTC')).toMatchObject({ time_zone: 'UTC', send_local: '2027-01-01T09:00', closes_local: '2027-01-11T17:00', reminders: ['3'] });
    expect(newDraft(now, 'Australia/Sydney')).toMatchObject({ send_local: '2027-01-02T09:00', closes_local: '2027-01-12T17:00' });
    expect(draftProblems(newDraft(now, 'UTC', 'l1'), ZONES)).toEqual({ name: 'nameRequired', recipients: 'noRecipients' });
  });

  it('reads the wall clock of a zone and counts calendar days across months and leap years', () => {
    expect(wallClockIn(new Date('2027-07-01T12:05:00Z'), 'Europe/Paris')).toBe('2027-07-01T14:05');
    expect(wallClockIn(new Date('2027-01-01T00:00:00Z'), 'UTC')).toBe('2027-01-01T00:00');
    expect(dayAfter('2028-02-28', 1, '09:00')).toBe('2028-02-29T09:00');
    expect(dayAfter('2027-12-31', 1, '09:00')).toBe('2028-01-01T09:00');
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        expect(wallClockIn(new Date(ms), 'UTC')).toBe(new Date(ms).toISOString().slice(0, 16));
      }),
    );
  });

  it('offers every zone of the runtime, with UTC and the campaign’s own, once each and sorted', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom('Europe/Paris', 'Asia/Tokyo', 'America/Lima', 'Africa/Accra')), fc.constantFrom('', 'UTC', 'Asia/Tokyo', 'Asia/Calcutta'), (supported, current) => {
        const zones = zoneChoices(supported, current);
        expect(new Set(zones).size).toBe(zones.length);
        expect([...zones].sort()).toEqual(zones);
        for (const zone of [...supported, 'UTC', ...(current ? [current] : [])]) expect(zones).toContain(zone);
      }),
    );
  });
});

describe("the server's refusals at the form's fields", () => {
  it('places each key under its field, people and groups under the recipients, and leaves unknown keys to the alert', () => {
    expect(fieldOfErrorKey('recipients.group_ids')).toBe('recipients');
    expect(fieldOfErrorKey('group_ids')).toBe('recipients');
    expect(fieldOfErrorKey('reminder_days.1')).toBe('reminder_days');
    expect(fieldOfErrorKey('reminder_days[0]')).toBe('reminder_days');
    expect(fieldOfErrorKey('id')).toBeNull();
    expect(errorsByField({ 'reminder_days.0': ['A'], 'reminder_days.1': ['A', 'B'], name: ['N'], id: ['I'] })).toEqual({ reminder_days: ['A', 'B'], name: ['N'] });
  });
});

describe('the buttons of a campaign', () => {
  it('pause what runs or waits, resume what is paused, and nothing after a cancel or the close', () => {
    for (const state of STATES) {
      const controls = controlsOf(state);
      expect(controls.pause && controls.resume).toBe(false);
      expect(controls.resume).toBe(state === 'paused');
      const ended = state === 'cancelled' || state === 'closed';
      expect(controls.edit).toBe(!ended);
      expect(controls.cancel).toBe(!ended);
    }
  });

  it('let the recipients, link and invitation time change only until the invitation went', () => {
    const before = new Date('2027-03-01T07:59:00Z');
    expect(recipientsOpen(campaign(), before)).toBe(true);
    expect(recipientsOpen(campaign(), new Date('2027-03-01T08:00:00Z'))).toBe(false);
    expect(recipientsOpen(campaign({ steps: [{ step: 0, at: '2027-03-01T08:00:00.000Z', sent: 1, queued: 499 }] }), before)).toBe(false);
    expect(recipientsOpen(campaign({ state: 'cancelled' }), before)).toBe(false);
  });

  it('sends no recipients once they are fixed: the server reads that as the same people', () => {
    expect(inputOf(draft(), false).recipients).toEqual({ group_ids: [], person_ids: [] });
    expect(inputOf(draft(), true).recipients).toEqual({ group_ids: ['g1'], person_ids: [] });
  });
});

describe('participation as a share', () => {
  it('is hidden with the figure, never above 100 %, and none without invitations', () => {
    expect(answeredShare(null, 500)).toBeNull();
    expect(answeredShare(3, 0)).toBeNull();
    expect(answeredShare(100, 500)).toBe(20);
    fc.assert(fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 10_000 }), (answered, invited) => {
      const share = answeredShare(answered, invited)!;
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(100);
    }));
  });
});

describe("the page's texts", () => {
  it("hold every server sentence of the campaigns word for word, so that a refusal is shown in the page's language", () => {
    const english = new Set<string>(Object.values(enCampaigns));
    for (const [name, sentence] of Object.entries(CampaignMessages)) expect(english.has(sentence), name).toBe(true);
  });

  it('are a part of the catalogue, not of the first load, and the menu entry is in the first load', () => {
    for (const key of Object.keys(enCampaigns)) {
      expect(key in en).toBe(true);
      expect(key in enFirstLoad, key).toBe(false);
    }
    expect(enFirstLoad.campaigns).toBe('Campaigns');
  });
});
