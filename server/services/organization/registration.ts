import { languageFor } from '../../../domain/i18n/precedence';
import type { Kysely } from 'kysely';
import { AuthMessages, type headRegister } from '../../../domain/contracts/auth';
import { DEFAULT_TIER_NAMES } from '../../../domain/contracts/organization';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { ServerMessages } from '../../../domain/contracts/errors';
import { mailTexts } from '../../../domain/i18n/mails';
import type { ServerConfig } from '../../config';
import { type Database, toJson } from '../../db/database';
import { audit } from '../auth/audit';
import { isUniqueViolation } from '../../db/errors';
import { type FieldErrors, invalidData } from '../errors';
import { isAcceptableEmail, NAME_MAX, textFieldErrors } from '../auth/fields';
import { hashPassword, passwordErrors } from '../auth/passwords';
import { findUserByEmail } from '../auth/users';
import type { MailMessage } from '../mail';

/** A new organisation's package runs for a year. */
export const PACKAGE_DAYS = 365;

/** The default tier names (SPEC section 3); the administrator may rename them. */
export const DEFAULT_TIERS = [
  { level: 1, name: DEFAULT_TIER_NAMES[1] },
  { level: 2, name: DEFAULT_TIER_NAMES[2] },
  { level: 3, name: DEFAULT_TIER_NAMES[3] },
] as const;

/** The human name of each required text field, for 'The {field} field is required'. */
const requiredText = {
  organization_name: 'organization name',
  country: 'country',
  first_name: 'first name',
  last_name: 'last name',
} as const;

type RegistrationForm = BodyOf<typeof headRegister>;

export interface OrganizationRegistration {
  readonly form: RegistrationForm;
  readonly config: Pick<ServerConfig, 'passwordRegex' | 'argon2' | 'appUrl'>;
  readonly address: string | null;
  /** The language the form was filled in (the request's X-Locale): the welcome's. */
  readonly locale?: string;
}

export interface RegisteredOrganization {
  readonly email: string;
  /** The welcome, to send once the organisation exists. */
  readonly welcome: MailMessage;
}

/** Every field's error at once, the address already taken included. */
const registrationErrors = async (db: Kysely<Database>, form: RegistrationForm, passwordRegex: string): Promise<FieldErrors> => {
  const errors: FieldErrors = {};
  for (const [field, humanName] of Object.entries(requiredText) as [keyof typeof requiredText, string][]) {
    const fieldErrors = textFieldErrors(form[field], humanName);
    if (fieldErrors) errors[field] = fieldErrors;
  }
  if (form.industry !== null && form.industry.trim().length > NAME_MAX) errors.industry = [ServerMessages.fieldInvalid('industry')];
  const email = form.email.trim();
  if (!isAcceptableEmail(email)) errors.email = [AuthMessages.invalidEmail];
  else if ((await findUserByEmail(db, email)) !== undefined) errors.email = [AuthMessages.emailTaken];
  Object.assign(errors, passwordErrors(passwordRegex, form.password, form.password_confirmation));
  if (form.agree !== true) errors.agree = [AuthMessages.mustAgree];
  return errors;
};

/** The organisation, its default tiers and its administrator, inside the caller's transaction. */
const insertOrganization = async (trx: Kysely<Database>, form: RegistrationForm, passwordHash: string, now: Date) => {
  const organization = await trx
    .insertInto('organizations')
    .values({
      name: form.organization_name.trim(),
      country: form.country.trim(),
      industry: form.industry === null || form.industry.trim() === '' ? null : form.industry.trim(),
      package_expires_at: new Date(now.getTime() + PACKAGE_DAYS * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('tiers')
    .values(DEFAULT_TIERS.map((tier) => ({ organization_id: organization.id, level: tier.level, name: tier.name })))
    .execute();
  const user = await trx
    .insertInto('users')
    .values({
      organization_id: organization.id,
      email: form.email.trim(),
      password_hash: passwordHash,
      role: 'admin',
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      locale_id: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      settings: toJson({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organizationId: organization.id, userId: user.id };
};

/**
 * POST /head-register: a new organisation with its head administrator and its default tiers,
 * in one transaction. Every field's error is answered at once (422).
 */
export const registerOrganization = async (db: Kysely<Database>, input: OrganizationRegistration): Promise<RegisteredOrganization> => {
  const { form, config } = input;
  const errors = await registrationErrors(db, form, config.passwordRegex);
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  const email = form.email.trim();
  const passwordHash = await hashPassword(config.argon2, form.password);
  let created: { organizationId: string; userId: string };
  try {
    created = await db.transaction().execute((trx) => insertOrganization(trx, form, passwordHash, new Date()));
  } catch (error) {
    // Two registrations with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw invalidData({ email: [AuthMessages.emailTaken] });
    throw error;
  }

  await audit(db, {
    organizationId: created.organizationId,
    actor: created.userId,
    action: 'organization.registered',
    address: input.address,
  });
  // The new administrator has no language setting yet: the one they registered in.
  const words = mailTexts(languageFor('welcomeMail', { request: input.locale }));
  const link = `${config.appUrl}/login`;
  const welcome: MailMessage = {
    organizationId: created.organizationId,
    to: email,
    subject: words.welcomeSubject,
    text: `${words.greeting(form.first_name.trim())}\n\n${words.welcomeBody(form.organization_name.trim(), link)}`,
    link,
  };
  return { email, welcome };
};
