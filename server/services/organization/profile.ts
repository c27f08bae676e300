import type { Kysely } from 'kysely';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { DETAILS_MAX, GroupMessages, LOGO_FIELD, type updateOrganization } from '../../../domain/contracts/groups';
import { type OrganizationInformation, OrganizationMessages } from '../../../domain/contracts/organization';
import { ORGANIZATION_NAME_LIMIT } from '../../../domain/contracts/textLimits';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { DomainError, type FieldErrors, fieldFailure, invalidData } from '../errors';
import { toInformation } from './information';
import { inspectLogo, type LogoImage, LogoRefused, storeLogo } from './logo';
import { requireRole } from './scope';

/** Who may change the organisation's name, details and logo. */
export const PROFILE_EDITORS = ['admin', 'second_admin'] as const;
const NAME_MAX = ORGANIZATION_NAME_LIMIT.max;

export const logoFailure = (message: string): DomainError => fieldFailure(message, LOGO_FIELD);

const characters = (text: string): number => Array.from(text).length;

export interface ProfileUpdate {
  readonly auth: AuthContext;
  /** The caller's address, for the audit log. */
  readonly address: string | null;
  readonly form: BodyOf<typeof updateOrganization>;
  /** The bytes of the uploaded logo, if the form carried one. */
  readonly upload: Buffer | undefined;
}

/** The checked name, details and logo; every field's error at once, a refused logo alone in the message too. */
const checkedProfile = async (update: ProfileUpdate): Promise<{ name: string; details: string | undefined; logo: LogoImage | undefined }> => {
  const errors: FieldErrors = {};
  const name = update.form.name?.trim() ?? '';
  if (name === '') errors.name = [OrganizationMessages.organizationNameRequired];
  else if (name.length > NAME_MAX) errors.name = [OrganizationMessages.organizationNameTooLong];
  const details = update.form.details?.trim();
  if (details !== undefined && characters(details) > DETAILS_MAX) errors.details = [GroupMessages.detailsTooLong];

  let logo: LogoImage | undefined;
  if (update.upload !== undefined) {
    try {
      logo = await inspectLogo(update.upload);
    } catch (error) {
      if (!(error instanceof LogoRefused)) throw error;
      errors[LOGO_FIELD] = [error.message];
    }
  }
  if (Object.keys(errors).length > 0) {
    // A refused logo alone is said in the message too (SPEC section 5: 'logo format not supported').
    const keys = Object.keys(errors);
    throw keys.length === 1 && keys[0] === LOGO_FIELD ? logoFailure(errors[LOGO_FIELD]![0]!) : invalidData(errors);
  }
  return { name, details, logo };
};

/** POST /organization/update: the organisation's name, details and logo, in one transaction. */
export const updateOrganizationProfile = async (db: Kysely<Database>, update: ProfileUpdate): Promise<OrganizationInformation> => {
  const { auth } = update;
  requireRole(auth, PROFILE_EDITORS);
  const { name, details, logo } = await checkedProfile(update);
  const organizationId = auth.organization.id;
  return db.transaction().execute(async (trx) => {
    const logoHash = logo === undefined ? undefined : await storeLogo(trx, organizationId, logo);
    const updated = await trx
      .updateTable('organizations')
      .set({
        name,
        ...(details === undefined ? {} : { details: details === '' ? null : details }),
        ...(logoHash === undefined ? {} : { logo_hash: logoHash }),
      })
      .where('id', '=', organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      organizationId,
      actor: auth.user.id,
      action: 'organization.updated',
      address: update.address,
      details: {
        fields: ['name', ...(details === undefined ? [] : ['details']), ...(logo === undefined ? [] : ['logo'])],
        ...(logo === undefined ? {} : { logo: { type: logo.contentType, bytes: logo.content.length } }),
      },
    });
    return toInformation(updated);
  });
};
