import { type Kysely, sql } from 'kysely';
import type { BannerChoice, Organization, User, UserSetting } from '../../../domain/contracts/auth';
import { SlideShowSetting } from '../../../domain/slideshow/slides';
import { BANNER_PANELS } from '../../../domain/navigation/menu';
import { PACKAGE_ROLES } from '../../../domain/packages/rules';
import type { Database, JsonValue, OrganizationRow, UserRow } from '../../db/database';

export type { OrganizationRow, UserRow } from '../../db/database';

/** Emails are compared without letter case (the unique index is on lower(email)). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Any user with this email, active or not. */
export const findUserByEmail = (db: Kysely<Database>, email: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', normalizeEmail(email))
    .executeTakeFirst();

/** The user who may sign in with this email (used by single sign-on); inactive users are not found. */
export const findActiveUserByEmail = async (db: Kysely<Database>, email: string): Promise<UserRow | undefined> => {
  const user = await findUserByEmail(db, email);
  return user?.active ? user : undefined;
};

export const findUserById = (db: Kysely<Database>, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findOrganization = (db: Kysely<Database>, id: string): Promise<OrganizationRow | undefined> =>
  db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();

/** An organisation whose package ended, or that was deactivated, cannot be signed in to (HTTP 403). */
export const organizationUsable = <O extends Pick<OrganizationRow, 'active' | 'package_expires_at'>>(organization: O | undefined, now = new Date()): organization is O =>
  organization !== undefined &&
  organization.active &&
  (organization.package_expires_at === null || organization.package_expires_at.getTime() > now.getTime());

/**
 * An administrator (or second administrator) of an organisation whose package ended by date,
 * not one the operator suspended: they may still sign in, to a session that opens only the
 * session check and the package's own routes (the Upgrade account page).
 */
export const mayOpenEndedPackage = (user: Pick<UserRow, 'role'>, organization: OrganizationRow | undefined): organization is OrganizationRow =>
  organization !== undefined && organization.active && !organizationUsable(organization) && PACKAGE_ROLES.includes(user.role);

const bannerChoices: readonly string[] = ['hideAlways', 'showAlways', 'showOnce'];

/** The stored settings with every banner panel filled in (default hideAlways, SPEC section 4). */
export const userSetting = (stored: JsonValue): UserSetting => {
  const banners: Record<string, BannerChoice> = Object.fromEntries(BANNER_PANELS.map((panel) => [panel, 'hideAlways' as BannerChoice]));
  const storedBanners = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored.banners : undefined;
  if (typeof storedBanners === 'object' && storedBanners !== null && !Array.isArray(storedBanners)) {
    for (const panel of BANNER_PANELS) {
      const choice = storedBanners[panel];
      if (typeof choice === 'string' && bannerChoices.includes(choice)) banners[panel] = choice as BannerChoice;
    }
  }
  const slideShow = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored.slide_show : undefined;
  return SlideShowSetting.is(slideShow) ? { banners, slide_show: slideShow } : { banners };
};

/** The client's view of a user: an explicit list of fields, so no hash or secret can slip out. */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  organization_id: row.organization_id,
  locale_id: row.locale_id,
  two_factor: row.two_factor,
  setting: userSetting(row.settings),
});

export const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  country: row.country,
  industry: row.industry,
});
