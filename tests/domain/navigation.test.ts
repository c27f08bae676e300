import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MENU } from '../../domain/navigation/menu';
import {
  dashboardPages, findDashboardPage, firstSubsection, isPageAllowed, lowercaseRedirect, visibleMenu,
} from '../../domain/navigation/routes';
import type { Permission } from '../../domain/navigation/permissions';

const hide = (...ids: number[]): Permission[] => ids.map((id) => ({ hash_id: String(id), attributes: { isShow: false } }));

const allIds = (items = MENU): number[] => items.flatMap((i) => [i.id, ...(i.sub ? allIds(i.sub) : [])]);

describe('dashboard navigation', () => {
  it('uses exactly the menu ids 3001 to 3016', () => {
    expect([...new Set(allIds())].sort()).toEqual(Array.from({ length: 16 }, (_, i) => 3001 + i));
  });

  it('reaches every page of SPEC section 2', () => {
    const paths = dashboardPages().map((p) => (p.subsection ? `${p.section}/${p.subsection}` : p.section));
    for (const path of [
      'home', 'overview', 'demographics', 'country-birth', 'languages', 'worldviews', 'cultural-heritage',
      'compare/internal', 'compare/external', 'benchmark/internal', 'control-panel/members-management',
      'control-panel/surveys-management', 'extra-survey', 'reports',
    ]) expect(paths).toContain(path);
    expect(firstSubsection('compare')).toBe('internal');
    expect(firstSubsection('control-panel')).toBe('members-management');
  });

  it('gives home and the analysis pages Refresh and Apply filter, extra-survey and reports Apply filter only', () => {
    expect(findDashboardPage('home')?.item.extraHeaders).toEqual(['refresh', 'applyFilter']);
    expect(findDashboardPage('languages')?.item.extraHeaders).toEqual(['refresh', 'applyFilter']);
    expect(findDashboardPage('reports')?.item.extraHeaders).toEqual(['applyFilter']);
    expect(findDashboardPage('extra-survey')?.item.extraHeaders).toEqual(['applyFilter']);
  });

  it('shows a section unless its permission says isShow: false, and hides its sub-pages with it', () => {
    const languages = findDashboardPage('languages')!;
    expect(isPageAllowed(languages, [])).toBe(true);
    expect(isPageAllowed(languages, [{ hash_id: '3007', attributes: { isShow: true } }])).toBe(true);
    expect(isPageAllowed(languages, hide(3007))).toBe(false);
    expect(isPageAllowed(languages, hide(3005))).toBe(false);
    expect(isPageAllowed(findDashboardPage('compare', 'external')!, hide(3010))).toBe(false);
  });

  it('drops hidden entries and emptied groups from the sidebar', () => {
    const menu = visibleMenu(hide(3003, 3004, 3016));
    expect(menu.map((i) => i.name)).not.toContain('diversity');
    expect(menu.map((i) => i.name)).not.toContain('reports');
    expect(menu.map((i) => i.name)).toContain('diversity_analysis');
  });

  it('never shows a page whose permission is hidden (any set of permissions)', () => {
    fc.assert(
      fc.property(fc.subarray(allIds()), (hidden) => {
        const permissions = hide(...hidden);
        const shownIds = allIds(visibleMenu(permissions));
        for (const id of hidden) expect(shownIds).not.toContain(id);
      }),
    );
  });

  it('redirects a path with uppercase letters to its lowercase form, and only those', () => {
    expect(lowercaseRedirect('/Dashboard/Home')).toBe('/dashboard/home');
    expect(lowercaseRedirect('/dashboard/home')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (path) => {
        const target = lowercaseRedirect(path);
        if (target === null) expect(path).toBe(path.toLowerCase());
        else expect(lowercaseRedirect(target)).toBeNull();
      }),
    );
  });
});
