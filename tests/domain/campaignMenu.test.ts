import { describe, expect, it } from 'vitest';
import { MENU, type MenuItem } from '../../domain/navigation/menu';
import { dashboardPages, menuForRole, visibleMenu } from '../../domain/navigation/routes';

const paths = (items: readonly MenuItem[]): string[] => items.flatMap((item) => [...(item.path ? [item.path] : []), ...paths(item.sub ?? [])]);

describe('the Campaigns entry of the Coordinator menu', () => {
  it('is a page under the control panel, beside People', () => {
    expect(dashboardPages().some((page) => page.section === 'control-panel' && page.subsection === 'campaigns')).toBe(true);
  });

  it('shows to the administrator and the second administrator only; the other entries to every role', () => {
    const all = visibleMenu([]);
    for (const role of ['admin', 'second_admin']) expect(paths(menuForRole(all, role))).toEqual(paths(all));
    for (const role of ['sub_admin', 'group_assignee', 'member', null]) {
      const shown = paths(menuForRole(all, role));
      expect(shown).not.toContain('campaigns');
      expect(shown).toEqual(paths(all).filter((path) => path !== 'campaigns'));
    }
    expect(MENU.find((item) => item.path === 'control-panel')?.sub?.map((item) => item.path)).toContain('campaigns');
  });
});
