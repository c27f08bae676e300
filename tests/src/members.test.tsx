// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { Role, User } from '../../domain/contracts/auth';
import type { Group, OptionNode, SubGroup } from '../../domain/contracts/groups';
import { MemberMessages, type Invitation, type Member } from '../../domain/contracts/members';
import { idleSection, initialResources, type SectionState } from '../../domain/resources/state';
import { MembersManagement } from '../../src/features/control-panel/MembersManagement';
import { provideCssEscape, renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';
import { commandsOf, deliver, press } from './account/support';
import { fr } from '../../domain/i18n/catalogues/fr';

provideCssEscape();

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/members';

const user = (role: Role): User => ({
  id: 'admin-1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role, organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
});

const engineering: Group = {
  id: 'g1', name: 'Engineering', capacity: null, sub_group_count: 1, member_count: 2, places_left: null,
  assignee: { id: 'assignee-1', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' },
};
const sales: Group = { id: 'g2', name: 'Sales', capacity: 40, sub_group_count: 0, member_count: 0, assignee: null, places_left: 40 };
const platform: SubGroup = { id: 's1', name: 'Platform', capacity: null, assignee: null, member_count: 1, parent_id: 'g1', parent_name: 'Engineering' };

const member = (overrides: Partial<Member>): Member => ({
  id: 'm', email: 'm@example.org', first_name: 'M', last_name: 'M', role: 'staff', department: null, active: true,
  removable: true, remove_reason: null, movable: true, move_reason: null, ...overrides,
});

const members: Member[] = [
  member({
    id: 'admin-1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin',
    removable: false, remove_reason: MemberMessages.cannotRemoveYourself, movable: false, move_reason: MemberMessages.administratorCannotBeMoved,
  }),
  member({
    id: 'assignee-1', email: 'grace@example.org', first_name: 'Grace', last_name: 'Hopper', role: 'group_assignee',
    department: { id: 'g1', name: 'Engineering', parent_id: null },
    removable: false, remove_reason: MemberMessages.cannotRemoveAdministratorOrAssignees, movable: false, move_reason: MemberMessages.groupAssigneeCannotBeMoved,
  }),
  member({ id: 'staff-1', email: 'alan@example.org', first_name: 'Alan', last_name: 'Turing', department: { id: 's1', name: 'Platform', parent_id: 'g1' } }),
];

const pending: Invitation = {
  id: 'i1', kind: 'subgroup_assignee', email: 'katherine@example.org', first_name: 'Katherine', last_name: 'Johnson',
  department: { id: 's1', name: 'Platform', parent_id: 'g1' }, survey_token_id: null, status: 'pending',
  expires_at: '2026-03-08T10:00:00.000Z', accepted_at: null, created_at: '2026-03-01T10:00:00.000Z', invited_by: 'admin-1', answered_on: null,
};

const tree: OptionNode[] = [
  { id: 'g1', name: 'Engineering', children: [{ id: 's1', name: 'Platform', children: [], parent: 'g1' }] },
  { id: 'g2', name: 'Sales', children: [] },
];

const loaded = <D,>(data: D): SectionState<D> => ({ ...idleSection, status: 'loaded', data });

const state = (role: Role): Partial<AppState> => ({
  session: { ...initialAppState.session, signedIn: true, checked: true, user: user(role), userEmail: 'ada@example.org' },
  resources: {
    ...initialResources,
    sections: {
      tiers: loaded([{ level: 1, name: 'Organisation' }, { level: 2, name: 'Faculties' }, { level: 3, name: 'Departments' }]),
      orgGroups: loaded([engineering, sales]),
      orgSubgroups: loaded([platform]),
      members: loaded(members),
      invitations: loaded([pending]),
      selectionGroups: loaded(tree),
    },
  },
});

const render = (role: Role = 'admin') =>
  renderApp(PAGE, state(role), [{ path: PAGE, element: <MembersManagement page="control-panel/members-management" /> }]);

const byLabel = (label: string): HTMLButtonElement => {
  const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
  if (!button) throw new Error(`no button labelled ${label}`);
  return button;
};

const description = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;

const dialogButton = (name: string) => {
  const button = [...dialog().querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!button) throw new Error(`no dialog button ${name}`);
  return button;
};

describe('members management in another language', () => {
  it('says the default tier names in the page language, and a name the organisation chose as it is', async () => {
    const base = state('admin');
    const defaults = { ...base, resources: { ...base.resources!, sections: { ...base.resources!.sections, tiers: loaded([{ level: 1 as const, name: 'Organisation' }, { level: 2 as const, name: 'Tier 2 groups' }, { level: 3 as const, name: 'Departments' }]) } } };
    app = await renderApp(PAGE, defaults, [{ path: PAGE, element: <MembersManagement page="control-panel/members-management" /> }]);
    const headings = () => [...app!.container.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings().slice(0, 2)).toEqual(['Tier 2 groups', 'Departments']);
    await act(async () => {
      app!.i18n.addResourceBundle('fr', 'translation', fr, true, true);
      await app!.i18n.changeLanguage('fr');
    });
    expect(headings().slice(0, 2)).toEqual([fr.tier_default_2, 'Departments']);
  });

  it('writes the counts of the groups tables the way the page language does', async () => {
    const large: Group = { ...sales, capacity: 12_500, member_count: 1_204, sub_group_count: 0, places_left: 11_296 };
    const base = state('admin');
    const withLarge = { ...base, resources: { ...base.resources!, sections: { ...base.resources!.sections, orgGroups: loaded([engineering, large]) } } };
    app = await renderApp(PAGE, withLarge, [{ path: PAGE, element: <MembersManagement page="control-panel/members-management" /> }]);
    const rowOf = (name: string) => [...app!.container.querySelectorAll('tr')].find((row) => row.textContent?.startsWith(name))!;
    // The capacity with the answers it still takes (issue 27, item 6).
    expect([...rowOf('Sales').querySelectorAll('td')].map((cell) => cell.textContent)).toContain('12,500, 11,296 left');
    await act(async () => {
      app!.i18n.addResourceBundle('fr', 'translation', fr, true, true);
      await app!.i18n.changeLanguage('fr');
    });
    const cells = [...rowOf('Sales').querySelectorAll('td')].map((cell) => cell.textContent ?? '');
    // French groups thousands with a no-break space (narrow or not, as the ICU's CLDR has it).
    expect(cells.some((text) => /^12[\u00a0\u202f]500, encore 11[\u00a0\u202f]296$/.test(text)), cells.join(' | ')).toBe(true);
    expect(cells.some((text) => /^1[\u00a0\u202f]204$/.test(text)), cells.join(' | ')).toBe(true);
  });
});

describe('members management', () => {
  it('names the tables after the tiers and shows each rule beside its disabled button before any click', async () => {
    app = await render();
    const headings = [...app.container.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual(['Faculties', 'Departments', 'Members and staff', 'Pending invitations']);
    expect(app.container.querySelector('table[aria-label="Faculties"]')).not.toBeNull();

    const removeSelf = byLabel('Remove Ada Lovelace');
    expect(removeSelf.disabled).toBe(true);
    expect(description(removeSelf)).toBe('You cannot remove yourself.');
    const removeAssignee = byLabel('Remove Grace Hopper');
    expect(removeAssignee.disabled).toBe(true);
    expect(description(removeAssignee)).toBe('The administrator and assignees cannot be removed.');
    expect(description(byLabel('Move Grace Hopper'))).toBe('Group assignees cannot be moved.');
    // The reason is text on the page, not only an accessible description.
    expect(app.container.textContent).toContain('The administrator and assignees cannot be removed.');

    const removeStaff = byLabel('Remove Alan Turing');
    expect(removeStaff.disabled).toBe(false);
    expect(removeStaff.hasAttribute('aria-describedby')).toBe(false);

    const removeEngineering = byLabel('Remove Engineering');
    expect(removeEngineering.disabled).toBe(true);
    expect(description(removeEngineering)).toBe('This department has sub-groups; remove them first.');
    expect(byLabel('Remove Sales').disabled).toBe(false);

    // An invited assignee shows where the assignee will be, and the pending invitation is listed.
    const platformRow = [...app.container.querySelectorAll('tr')].find((row) => row.textContent?.startsWith('Platform'));
    expect(platformRow?.textContent).toContain('katherine@example.org');
    expect(byLabel('Resend the invitation of katherine@example.org')).toBeTruthy();
  });

  it('offers the second administrator invitation to the administrator only', async () => {
    app = await render('admin');
    expect(app.container.textContent).toContain('Invite a second administrator');
    app.unmount();
    app = await render('second_admin');
    expect(app.container.textContent).toContain('Invite a sub-administrator');
    expect(app.container.textContent).not.toContain('Invite a second administrator');
  });

  it('moving needs an existing group: without one it says so and sends nothing', async () => {
    app = await render();
    await press(byLabel('Move Alan Turing'));
    expect(dialog().textContent).toContain('Move Alan Turing');
    await press(dialogButton('Move'));
    expect(dialog().textContent).toContain('Please select an existing group');
    expect(commandsOf(app, 'action/submit')).toHaveLength(0);

    const select = dialog().querySelector<HTMLSelectElement>('select[name="department_id"]')!;
    await act(async () => {
      select.value = 'g2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await press(dialogButton('Move'));
    expect(commandsOf(app, 'action/submit')).toEqual([
      { type: 'action/submit', action: 'moveStaff', body: { user_id: 'staff-1', department_id: 'g2' }, args: {} },
    ]);
    await deliver(app, { type: 'action/succeeded', action: 'moveStaff', message: null, data: null });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(app.container.querySelector('[role="status"]')?.textContent).toBe('Alan Turing was moved to Sales.');
  });

  it('removing asks first, and a refusal shows the server sentence in the dialog', async () => {
    app = await render();
    await press(byLabel('Remove Alan Turing'));
    expect(dialog().textContent).toContain('Remove Alan Turing?');
    await press(dialogButton('Remove'));
    expect(commandsOf(app, 'action/submit')).toEqual([{ type: 'action/submit', action: 'removeStaff', body: { user_id: 'staff-1' }, args: {} }]);
    await deliver(app, { type: 'action/failed', action: 'removeStaff', message: MemberMessages.outsideYourGroup, errors: {} });
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(MemberMessages.outsideYourGroup);
  });
});
