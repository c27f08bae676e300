import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Disclosure, DisclosurePanel, Heading, Link } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../../../domain/navigation/menu';
import { menuForRole, visibleMenu } from '../../../domain/navigation/routes';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { PACKAGE_ROLES } from '../../../domain/packages/rules';

const selectMenu = (s: AppState) => menuForRole(visibleMenu(s.permissions), s.session.user?.role ?? null);
const selectRole = (s: AppState) => s.session.user?.role ?? null;
const SETTINGS_ROLES: readonly string[] = ['admin', 'second_admin', 'sub_admin'];

const itemPath = (item: MenuItem, parent?: MenuItem) =>
  parent?.path ? `/dashboard/${parent.path}/${item.path}` : `/dashboard/${item.path}`;

const MenuLink = ({ item, parent }: { item: MenuItem; parent?: MenuItem }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const href = itemPath(item, parent);
  const current = pathname === href || (!!item.sub && pathname.startsWith(`${href}/`));
  return (
    <Link href={href} className="menu-link" data-menu-id={item.id} aria-current={current ? 'page' : undefined}>
      {t(item.name)}
    </Link>
  );
};

/** A sidebar entry: a link, a link with its sub-pages, or a group that only holds pages. */
const MenuEntry = ({ item }: { item: MenuItem }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!item.sub) return <li><MenuLink item={item} /></li>;
  const pages = item.path ? item.sub.map((sub) => ({ sub, parent: item })) : item.sub.map((sub) => ({ sub, parent: undefined }));
  const open = pages.some(({ sub, parent }) => pathname.startsWith(itemPath(sub, parent)));
  return (
    <li>
      <Disclosure defaultExpanded={open || !item.path} className="menu-group" id={`menu-${item.id}`}>
        <Heading level={2} className="menu-group-heading">
          <Button slot="trigger" className="menu-group-trigger">
            <span aria-hidden="true" className="chevron" />
            {t(item.name)}
          </Button>
        </Heading>
        <DisclosurePanel>
          <ul className="menu-sub">
            {pages.map(({ sub, parent }) => (
              <li key={`${sub.id}-${sub.path}`}>
                <MenuLink item={sub} parent={parent} />
              </li>
            ))}
          </ul>
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
};

/** A page of the sidebar's foot: the settings, the package, the account. */
const FooterLink = ({ href, pathname, label }: { href: string; pathname: string; label: string }) => (
  <Link href={href} className="menu-link" aria-current={pathname.startsWith(href) ? 'page' : undefined}>
    {label}
  </Link>
);

export const Sidebar = () => {
  const { t } = useTranslation();
  const menu = useSelector(selectMenu);
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const role = useSelector(selectRole);
  // On a phone the menu folds behind a button, so the page itself comes first; it folds again on every new page.
  const [open, setOpen] = useState(false);
  const menuId = useId();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <aside className="sidebar" data-open={open || undefined}>
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true" />
        <span>{t('app_name')}</span>
        <Button className="button secondary small menu-button" aria-expanded={open} aria-controls={menuId} onPress={() => setOpen((value) => !value)}>
          {t('menu')}
        </Button>
      </div>
      <div className="sidebar-menu" id={menuId}>
        <nav aria-label={t('main_navigation')}>
          <ul className="menu">
            {menu.map((item) => (
              <MenuEntry key={item.id} item={item} />
            ))}
          </ul>
        </nav>
        <div className="sidebar-footer">
          <FooterLink href="/dashboard/calendar" pathname={pathname} label={t('calendar_title')} />
          {role !== null && SETTINGS_ROLES.includes(role) && <FooterLink href="/dashboard/organization-settings" pathname={pathname} label={t('organization_settings')} />}
          {role !== null && PACKAGE_ROLES.includes(role) && <FooterLink href="/dashboard/upgrade-account" pathname={pathname} label={t('upgrade_account')} />}
          <FooterLink href="/slide-show" pathname={pathname} label={t('slide_show_menu')} />
          <FooterLink href="/dashboard/account-settings" pathname={pathname} label={t('account_settings')} />
          <Button className="button ghost sidebar-logout" onPress={() => dispatch({ type: 'session/logout' })}>
            {t('logout')}
          </Button>
        </div>
      </div>
    </aside>
  );
};
