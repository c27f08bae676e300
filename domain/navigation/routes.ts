import { MENU, type MenuItem } from './menu';
import { isShown, type Permission } from './permissions';

export const DASHBOARD_HOME = '/dashboard/home';

/** SPEC section 2: a path with uppercase letters is redirected to its lowercase form. */
export const lowercaseRedirect = (pathname: string): string | null =>
  /[A-Z]/.test(pathname) ? pathname.toLowerCase() : null;

/** A sidebar page the dashboard can show: its section, optional sub-section and menu entry. */
export interface DashboardPage {
  readonly section: string;
  readonly subsection?: string;
  readonly item: MenuItem;
  /** Every entry from the top of the menu down to this page, for permission checks. */
  readonly lineage: readonly MenuItem[];
}

/** Flattens the menu into the pages /dashboard/:section(/:subsection) can reach. */
export const dashboardPages = (menu: readonly MenuItem[] = MENU): DashboardPage[] => {
  const pages: DashboardPage[] = [];
  const visit = (items: readonly MenuItem[], lineage: MenuItem[]) => {
    for (const item of items) {
      const chain = [...lineage, item];
      const parentWithPath = lineage.filter((l) => l.path).at(-1);
      if (item.path && !parentWithPath) pages.push({ section: item.path, item, lineage: chain });
      if (item.path && parentWithPath)
        pages.push({ section: parentWithPath.path!, subsection: item.path, item, lineage: chain });
      if (item.sub) visit(item.sub, chain);
    }
  };
  visit(menu, []);
  return pages;
};

const PAGES = dashboardPages();

export const findDashboardPage = (section: string, subsection?: string): DashboardPage | undefined =>
  PAGES.find((p) => p.section === section && p.subsection === subsection);

/** A section with sub-pages and no content of its own opens its first sub-page. */
export const firstSubsection = (section: string): string | undefined =>
  PAGES.find((p) => p.section === section && p.subsection !== undefined)?.subsection;

/** A page is allowed when no entry on its way down the menu is hidden by the permissions. */
export const isPageAllowed = (page: DashboardPage, permissions: readonly Permission[]): boolean =>
  page.lineage.every((item) => isShown(permissions, item.id));

/** The sidebar as the person may see it: hidden entries and groups left empty are dropped. */
export const visibleMenu = (permissions: readonly Permission[], menu: readonly MenuItem[] = MENU): MenuItem[] =>
  menu
    .filter((item) => isShown(permissions, item.id))
    .map((item) => (item.sub ? { ...item, sub: visibleMenu(permissions, item.sub) } : item))
    .filter((item) => item.path !== undefined || (item.sub?.length ?? 0) > 0);

/** The menu without the entries kept for other roles (MenuItem.roles); with no role known, without any such entry. */
export const menuForRole = (menu: readonly MenuItem[], role: string | null): MenuItem[] =>
  menu
    .filter((item) => item.roles === undefined || (role !== null && item.roles.includes(role)))
    .map((item) => (item.sub ? { ...item, sub: menuForRole(item.sub, role) } : item));

export const dashboardPath = (page: Pick<DashboardPage, 'section' | 'subsection'>): string =>
  `/dashboard/${page.section}${page.subsection ? `/${page.subsection}` : ''}`;
