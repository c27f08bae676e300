import type { Kysely } from 'kysely';
import type { User, UserSetting } from '../../../domain/contracts/auth';
import { ServerMessages } from '../../../domain/contracts/errors';
import { BANNER_PANELS } from '../../../domain/navigation/menu';
import { type Database, type JsonValue, toJson, type UserRow } from '../../db/database';
import { type FieldErrors, invalidData } from '../errors';
import { audit } from './audit';
import { textFieldErrors } from './fields';
import { toUser, userSetting } from './users';

const panels: readonly string[] = BANNER_PANELS;

const storedObject = (value: JsonValue): Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/**
 * POST /user/setting: the signed-in user's banner choices (and slide show), merged over what
 * they stored, keeping any other setting. An unknown panel is refused by name.
 */
export const saveOwnSetting = async (db: Kysely<Database>, user: UserRow, wanted: UserSetting): Promise<UserSetting> => {
  const errors: FieldErrors = {};
  for (const panel of Object.keys(wanted.banners)) {
    if (!panels.includes(panel)) errors[`banners.${panel}`] = [ServerMessages.fieldInvalid(`banners.${panel}`)];
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const stored = storedObject(user.settings);
  const banners = { ...userSetting(user.settings).banners, ...wanted.banners };
  const settings: JsonValue = { ...stored, banners, ...(wanted.slide_show === undefined ? {} : { slide_show: wanted.slide_show }) };
  await db
    .updateTable('users')
    .set({ settings: toJson(settings) })
    .where('id', '=', user.id)
    .where('organization_id', '=', user.organization_id)
    .execute();
  return userSetting(settings);
};

export interface ProfileChange {
  readonly user: UserRow;
  /** The caller's address, for the audit log. */
  readonly address: string | null;
  readonly firstName?: string;
  readonly lastName?: string;
  /** A locale code the product knows, or null for the organisation's language. */
  readonly localeId?: string | null;
}

/** PATCH /user/update: the signed-in user's own names and language; nothing given changes nothing. */
export const updateOwnProfile = async (db: Kysely<Database>, change: ProfileChange): Promise<User> => {
  const { user } = change;
  const errors: FieldErrors = {};
  const firstName = change.firstName === undefined ? undefined : textFieldErrors(change.firstName, 'first name');
  if (firstName) errors.first_name = firstName;
  const lastName = change.lastName === undefined ? undefined : textFieldErrors(change.lastName, 'last name');
  if (lastName) errors.last_name = lastName;
  if (typeof change.localeId === 'string') {
    const locale = await db.selectFrom('locales').select('code').where('code', '=', change.localeId).executeTakeFirst();
    if (locale === undefined) errors.locale_id = [ServerMessages.fieldInvalid('locale')];
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const changes = {
    ...(change.firstName === undefined ? {} : { first_name: change.firstName.trim() }),
    ...(change.lastName === undefined ? {} : { last_name: change.lastName.trim() }),
    ...(change.localeId === undefined ? {} : { locale_id: change.localeId }),
  };
  if (Object.keys(changes).length === 0) return toUser(user);
  const updated = await db
    .updateTable('users')
    .set(changes)
    .where('id', '=', user.id)
    .where('organization_id', '=', user.organization_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'user.updated', address: change.address, details: { fields: Object.keys(changes) } });
  return toUser(updated);
};
