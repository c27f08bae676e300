import type { FastifyInstance } from 'fastify';
import { AuthMessages, checkEmailExistence, headRegister } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import { ServerMessages } from '../../../domain/contracts/errors';
import { isValidEmail } from '../../../domain/session/email';
import { toJson } from '../../db/database';
import { registerEndpoint } from '../../http/route';
import { audit } from '../../services/auth/audit';
import { type FieldErrors, invalidData, isUniqueViolation } from '../../services/auth/errors';
import { hashPassword, passwordErrors } from '../../services/auth/passwords';
import { findUserByEmail } from '../../services/auth/users';

/** A new organisation's package runs for a year. */
export const PACKAGE_DAYS = 365;

/** The default tier names (SPEC section 3); the administrator may rename them. */
export const DEFAULT_TIERS = [
  { level: 1, name: 'Organisation' },
  { level: 2, name: 'Tier 2 groups' },
  { level: 3, name: 'Tier 3 sub-groups' },
] as const;

const NAME_MAX = 255;
const EMAIL_MAX = 254;

/** The human name of each required text field, for 'The {field} field is required'. */
const requiredText = {
  organization_name: 'organization name',
  country: 'country',
  first_name: 'first name',
  last_name: 'last name',
} as const;

/** A required, trimmed text field: its errors, if any. */
export const textFieldErrors = (value: string, humanName: string): string[] | undefined => {
  const trimmed = value.trim();
  if (trimmed === '') return [Messages.fieldRequired(humanName)];
  if (trimmed.length > NAME_MAX) return [ServerMessages.fieldInvalid(humanName)];
  return undefined;
};

export const isAcceptableEmail = (email: string): boolean => email.trim().length <= EMAIL_MAX && isValidEmail(email.trim());

/** POST /head-register and GET /check-email-existence. */
export const registerRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, headRegister, async ({ body, request }) => {
    const errors: FieldErrors = {};
    for (const [field, humanName] of Object.entries(requiredText) as [keyof typeof requiredText, string][]) {
      const fieldErrors = textFieldErrors(body[field], humanName);
      if (fieldErrors) errors[field] = fieldErrors;
    }
    if (body.industry !== null && body.industry.trim().length > NAME_MAX) errors.industry = [ServerMessages.fieldInvalid('industry')];
    const email = body.email.trim();
    if (!isAcceptableEmail(email)) errors.email = [AuthMessages.invalidEmail];
    else if ((await findUserByEmail(app.db, email)) !== undefined) errors.email = [AuthMessages.emailTaken];
    Object.assign(errors, passwordErrors(app.config.passwordRegex, body.password, body.password_confirmation));
    if (body.agree !== true) errors.agree = [AuthMessages.mustAgree];
    if (Object.keys(errors).length > 0) throw invalidData(errors);

    const passwordHash = await hashPassword(app.config.argon2, body.password);
    const packageExpiresAt = new Date(Date.now() + PACKAGE_DAYS * 86_400_000);
    let created: { organizationId: string; userId: string };
    try {
      created = await app.db.transaction().execute(async (trx) => {
        const organization = await trx
          .insertInto('organizations')
          .values({
            name: body.organization_name.trim(),
            country: body.country.trim(),
            industry: body.industry === null || body.industry.trim() === '' ? null : body.industry.trim(),
            package_expires_at: packageExpiresAt,
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
            email,
            password_hash: passwordHash,
            role: 'admin',
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            locale_id: null,
            totp_secret: null,
            totp_pending_secret: null,
            totp_last_step: null,
            settings: toJson({}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { organizationId: organization.id, userId: user.id };
      });
    } catch (error) {
      // Two registrations with one email at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw invalidData({ email: [AuthMessages.emailTaken] });
      throw error;
    }

    await audit(app.db, {
      organizationId: created.organizationId,
      actor: created.userId,
      action: 'organization.registered',
      address: request.ip,
    });
    await app.mailer.send({
      organizationId: created.organizationId,
      to: email,
      subject: 'Welcome to Diversity Atlas',
      text:
        `Hello ${body.first_name.trim()},\n\n` +
        `${body.organization_name.trim()} is registered on Diversity Atlas and you are its administrator.\n` +
        `Sign in at ${app.config.appUrl}/login with this email address.\n`,
      link: `${app.config.appUrl}/login`,
    });
    return { email };
  });

  // Tighter than the global limit: this call tells whether an address has an account.
  registerEndpoint(
    app,
    checkEmailExistence,
    async ({ query }) => {
      if (!isAcceptableEmail(query.email)) throw invalidData({ email: [AuthMessages.invalidEmail] });
      return { exists: (await findUserByEmail(app.db, query.email)) !== undefined };
    },
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
  );
};
