// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactElement } from 'react';
import fc from 'fast-check';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { AppCommand, AppEvent } from '../../domain/app/events';
import type { User } from '../../domain/contracts/auth';
import type { OrganizationInformation } from '../../domain/contracts/organization';
import { idleSection, initialResources } from '../../domain/resources/state';
import type { ActionName } from '../../domain/resources/actions';
import { LinkFormDialog } from '../../src/features/control-panel/LinkFormDialog';
import { LinkEmailDialog } from '../../src/features/control-panel/LinkEmailDialog';
import { DepartmentDialog } from '../../src/features/control-panel/members/DepartmentDialog';
import { InvitePersonDialog } from '../../src/features/control-panel/members/InvitePersonDialog';
import { CampaignForm } from '../../src/features/campaigns/CampaignForm';
import type { Campaign } from '../../domain/contracts/campaigns';
import { provideCssEscape, renderApp, type RenderedApp, submit, unmountRenderedApps } from '../support/renderApp';
import { buttonNamed, deliver, press } from './account/support';
import { fieldsChangedSince, withFieldsSeen } from '../../src/features/forms/formParts';

// Issue 27: every form of the app recovers from a refusal. For each form: fill it validly and
// send it; the server refuses generated fields with generated messages; generated edits follow.
// Then every field holds what was typed and is editable, each refused field keeps its message
// until it is changed, and the next submit sends what is on screen.
// (The freeze itself came from a browser's microtask timing jsdom does not have: the Chromium
// journeys in tests/e2e/formRecovery.e2e.ts type into the real forms.)

provideCssEscape();

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const user: User = {
  id: 'u1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'email', setting: { banners: {} },
};
const signedIn: Partial<AppState> = { session: { ...initialAppState.session, signedIn: true, checked: true, user, userEmail: user.email } };
const noop = () => undefined;
const TEST_PAGE = '/test/form';

const word = fc.stringMatching(/^[A-Z][a-z]{1,8}$/);
const email = fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z]{2,8}$/)).map(([local, domain]) => `${local}@${domain}.org`);
const digits = (max: number) => fc.integer({ min: 0, max }).map(String);
const code = fc.stringMatching(/^\d{6}$/);
const password = fc.stringMatching(/^[a-z]{4,8}$/).map((s) => `Aa1-${s}`);

interface FormCase {
  readonly name: string;
  /** Renders the app with the form open. */
  readonly open: () => Promise<RenderedApp>;
  /** The form's named fields, each with the values a person may type into it (all valid on the client). */
  readonly fields: Readonly<Record<string, fc.Arbitrary<string>>>;
  /** Whether a command is this form's submit, and the values it carries by field name. */
  readonly sent: (command: AppCommand) => Record<string, string> | null;
  /** The server's refusal of the last submit, with a message at each of `errors`' fields. */
  readonly refusal: (message: string, errors: Record<string, string[]>) => AppEvent;
  /** The form among several on the page (a CSS selector); by default a dialog's, else the last. */
  readonly form?: string;
  /** Fields a person types again with another (a new password and its confirmation). */
  readonly typedTogether?: Readonly<Record<string, string>>;
}

const actionSent = (action: ActionName, project: (body: Record<string, unknown>) => Record<string, string>) => (command: AppCommand) =>
  command.type === 'action/submit' && command.action === action ? project(command.body as Record<string, unknown>) : null;
const actionRefused = (action: ActionName) => (message: string, errors: Record<string, string[]>): AppEvent => ({ type: 'action/failed', action, message, errors });
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const inTestRoute = (element: ReactElement, state: Partial<AppState> = signedIn) => () =>
  renderApp(TEST_PAGE, state, [{ path: TEST_PAGE, element }]);

const organization: OrganizationInformation = {
  id: 'o1', name: 'Riverbend', country: 'AU', industry: null, seat_capacity: 100, package_expires_at: null, view_as_consent: false,
  details: null, logo_url: null,
} as OrganizationInformation;

/** A campaign whose invitation is far ahead: every field of its form may change. */
const campaign: Campaign = {
  id: 'c1', name: 'Spring survey', link: { id: 'l1', alias: 'spring', survey_name: 'Diversity', anonymity: 1 }, time_zone: 'UTC',
  send_local: '2099-03-01T09:00', send_at: '2099-03-01T09:00:00.000Z', reminder_days: [3], closes_local: '2099-03-11T17:00',
  closes_at: '2099-03-11T17:00:00.000Z', state: 'scheduled', groups: [{ id: 'g1', name: 'Sales' }], recipient_count: 5,
  recipients: { group_ids: ['g1'], person_ids: [] },
  steps: [{ step: 0, at: '2099-03-01T09:00:00.000Z', sent: 0, queued: 0 }], created_at: '2099-01-01T00:00:00.000Z',
};
const localTime = fc
  .tuple(fc.integer({ min: 2030, max: 2090 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([y, m, d, h, min]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`);

const FORMS: readonly FormCase[] = [
  {
    name: 'Log in',
    open: () => renderApp('/login'),
    fields: { email, password },
    sent: (command) => (command.type === 'session/login' ? { email: command.email, password: command.password } : null),
    refusal: (message, errors) => ({ type: 'session/loginFailed', message, errors }),
  },
  {
    name: 'Log in, security code',
    open: () => renderApp('/login', { session: { ...initialAppState.session, twoFactor: { email: 'ada@example.org', method: 'email', expiresAt: null } } }),
    fields: { code },
    sent: (command) => (command.type === 'session/confirmTwoFactor' ? { code: command.code } : null),
    refusal: (message, errors) => ({ type: 'session/loginFailed', message, errors }),
  },
  {
    name: 'Create a survey link',
    open: inTestRoute(<LinkFormDialog link={null} onClose={noop} />),
    fields: { alias: word, capacity: digits(1000) },
    sent: actionSent('saveToken', (body) => ({ alias: asText(body.alias), capacity: asText(body.capacity) })),
    refusal: actionRefused('saveToken'),
  },
  {
    name: 'Create a group',
    open: inTestRoute(<DepartmentDialog groups={null} tierName="Tier 2" onClose={noop} onDone={noop} />),
    fields: { name: word, capacity: digits(999) },
    sent: actionSent('registerDepartment', (body) => ({ name: asText(body.name), capacity: asText(body.capacity) })),
    refusal: actionRefused('registerDepartment'),
  },
  {
    name: 'Invite a person',
    open: inTestRoute(<InvitePersonDialog kind="second_admin" onClose={noop} onDone={noop} />),
    fields: { email, first_name: word, last_name: word },
    sent: actionSent('inviteAnotherAdmin', (body) => ({ email: asText(body.email), first_name: asText(body.first_name), last_name: asText(body.last_name) })),
    refusal: actionRefused('inviteAnotherAdmin'),
  },
  {
    name: 'Email a survey link',
    open: inTestRoute(<LinkEmailDialog link={{ id: 'l1', alias: 'Open day' } as never} onClose={noop} />),
    fields: { emails: email, message: word },
    sent: actionSent('emailLink', (body) => ({ emails: (body.emails as string[]).join(', '), message: asText(body.message) })),
    refusal: actionRefused('emailLink'),
  },
  {
    name: 'Change a campaign',
    open: inTestRoute(<CampaignForm campaign={campaign} zone={null} page={TEST_PAGE} onDone={noop} onClose={noop} />),
    fields: { name: word, send_local: localTime, closes_local: localTime },
    sent: actionSent('updateCampaign', (body) => ({ name: asText(body.name), send_local: asText(body.send_local), closes_local: asText(body.closes_local) })),
    refusal: actionRefused('updateCampaign'),
  },
  {
    name: 'Profile',
    open: () => renderApp('/dashboard/account-settings/profile', signedIn),
    fields: { first_name: word, last_name: word },
    sent: actionSent('updateProfile', (body) => ({ first_name: asText(body.first_name), last_name: asText(body.last_name) })),
    refusal: actionRefused('updateProfile'),
  },
  {
    name: 'Change password',
    open: () => renderApp('/dashboard/account-settings/security', { session: { ...signedIn.session!, user: { ...user, two_factor: 'off' } } }),
    form: 'form[aria-label="Change password"]',
    fields: { current_password: password, password, password_confirmation: password },
    typedTogether: { password: 'password_confirmation', password_confirmation: 'password' },
    sent: actionSent('changePassword', (body) => ({
      current_password: asText(body.current_password), password: asText(body.password), password_confirmation: asText(body.password_confirmation),
    })),
    refusal: actionRefused('changePassword'),
  },
  {
    name: 'Organisation information',
    open: () => renderApp('/dashboard/organization-settings', { ...signedIn, resources: { ...initialResources, sections: { orgInfo: { ...idleSection, status: 'loaded', data: organization } } } }),
    form: 'form[aria-labelledby="org-info-heading"]',
    fields: { name: word, industry: word },
    sent: actionSent('updateOrganization', (body) => ({ name: asText(body.name), industry: asText(body.industry) })),
    refusal: actionRefused('updateOrganization'),
  },
  {
    name: 'Forgot password',
    open: () => renderApp('/password-reset'),
    fields: { email },
    sent: actionSent('requestPasswordReset', (body) => ({ email: asText(body.email) })),
    refusal: actionRefused('requestPasswordReset'),
  },
  {
    name: 'Turn two-factor off',
    open: async () => {
      const rendered = await renderApp('/dashboard/account-settings/security', signedIn);
      await press(buttonNamed(rendered, 'Turn off'));
      return rendered;
    },
    fields: { code },
    sent: actionSent('toggleTwoFactor', (body) => ({ code: asText(body.code) })),
    refusal: actionRefused('toggleTwoFactor'),
  },
];

let formSelector: string | undefined;

const theForm = (): HTMLFormElement => {
  if (formSelector) {
    const chosen = document.querySelector<HTMLFormElement>(formSelector);
    if (!chosen) throw new Error(`no form ${formSelector}`);
    return chosen;
  }
  const forms = [...document.querySelectorAll('form')];
  const form = forms.find((f) => f.closest('[role="dialog"]')) ?? forms.at(-1);
  if (!form) throw new Error('no form on screen');
  return form;
};

const fieldNamed = (name: string): HTMLInputElement | HTMLTextAreaElement => {
  const field = theForm().querySelector<HTMLInputElement | HTMLTextAreaElement>(`input[name="${name}"], textarea[name="${name}"]`);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

/** Types a value the way React sees a person typing it. */
const typeValue = async (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  await act(async () => {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

const lastSent = (rendered: RenderedApp, form: FormCase) =>
  rendered.commands.map((command) => form.sent(command)).filter((values) => values !== null);

describe('every form recovers from a refusal', () => {
  for (const form of FORMS) {
    it(`${form.name}: fields stay editable, messages stay until changed, the next submit sends what is on screen`, async () => {
      const names = Object.keys(form.fields);
      const values = fc.record(form.fields as Record<string, fc.Arbitrary<string>>);
      const scenario = fc.record({
        first: values,
        refused: fc.subarray(names, { minLength: 1 }),
        message: fc.constantFrom('The value is out of range.', 'A group with this name already exists.', 'The security code is not right.'),
        edits: fc.array(fc.tuple(fc.constantFrom(...names), values), { maxLength: 4 }),
      });
      await fc.assert(
        fc.asyncProperty(scenario, async ({ first: generated, refused, message, edits }) => {
          const first = { ...generated };
          for (const [name, together] of Object.entries(form.typedTogether ?? {})) first[together] = first[name];
          app?.unmount();
          document.body.innerHTML = '';
          formSelector = form.form;
          app = await form.open();
          for (const name of names) await typeValue(fieldNamed(name), first[name]);
          await submit(theForm());
          expect(lastSent(app, form).at(-1)).toEqual(first);

          await deliver(app, form.refusal(message, Object.fromEntries(refused.map((name) => [name, [message]]))));
          for (const name of refused) expect(fieldNamed(name).getAttribute('aria-invalid'), `${name} refused`).toBe('true');

          const onScreen: Record<string, string> = { ...first };
          for (const [name, next] of edits) {
            for (const typed of [name, ...(form.typedTogether?.[name] ? [form.typedTogether[name]] : [])]) {
              await typeValue(fieldNamed(typed), next[name]);
              onScreen[typed] = next[name];
            }
          }
          for (const name of names) {
            const field = fieldNamed(name);
            expect(field.value, `${name} shows what was typed`).toBe(onScreen[name]);
            expect(field.disabled || field.readOnly, `${name} editable`).toBe(false);
            const changed = onScreen[name] !== first[name];
            const stillRefused = refused.includes(name) && !changed;
            expect(field.getAttribute('aria-invalid') === 'true', `${name} marked refused`).toBe(stillRefused);
          }

          const before = lastSent(app, form).length;
          await submit(theForm());
          const sent = lastSent(app, form);
          expect(sent.length, 'the next submit is sent').toBe(before + 1);
          expect(sent.at(-1)).toEqual(onScreen);
        }),
        { numRuns: 5 },
      );
    });
  }
});

describe('what the mechanism counts as changed', () => {
  const values = fc.dictionary(fc.constantFrom('name', 'code', 'seats', 'email'), fc.string({ maxLength: 4 })).map((record) => new Map(Object.entries(record)));

  it('a field is changed exactly when its value differs from the one sent; fields first seen later count from then', () => {
    fc.assert(
      fc.property(values, values, (sent, now) => {
        const names = ['name', 'code', 'seats', 'email'];
        expect(fieldsChangedSince(sent, sent, names)).toEqual([]);
        expect(fieldsChangedSince(null, now, names)).toEqual([]);
        expect(fieldsChangedSince(sent, now, names)).toEqual(names.filter((name) => (sent.get(name) ?? '[]') !== (now.get(name) ?? '[]')));
        const seen = withFieldsSeen(sent, now);
        for (const name of names) {
          if (!sent.has(name) && now.has(name)) expect(fieldsChangedSince(seen, now, [name])).toEqual([]);
          if (sent.has(name)) expect(seen.get(name)).toBe(sent.get(name));
        }
      }),
    );
  });
});
