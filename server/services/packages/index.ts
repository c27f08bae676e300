import { languageFor } from '../../../domain/i18n/precedence';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PackageRequest, PackageUsage } from '../../../domain/contracts/packages';
import { promisedSeats } from '../../../domain/contracts/tokens';
import { mailTexts } from '../../../domain/i18n/mails';
import { daysLeft, DAY_MS, packageStatus, REMINDER_DAYS, reminderDue, seatsFree } from '../../../domain/packages/rules';
import type { Database, OrganizationRow } from '../../db/database';
import type { Mailer } from '../mail';
import { scheduleEvery } from '../schedule';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());
const endOf = (organization: Pick<OrganizationRow, 'package_expires_at'>): number | null => organization.package_expires_at?.getTime() ?? null;

/** Every figure of the Upgrade account page, from the organisation's row and its links. */
export const packageUsage = async (
  db: Kysely<Database>,
  organization: OrganizationRow,
  options: { readonly now: Date; readonly canRequest: boolean; readonly contactEmail?: string },
): Promise<PackageUsage> => {
  const { now } = options;
  const links = await db
    .selectFrom('survey_tokens')
    .select(['active', 'expires_at', 'capacity', 'used'])
    .where('organization_id', '=', organization.id)
    .execute();
  const live = links.filter((link) => link.active && link.expires_at.getTime() > now.getTime());
  const promised = links.reduce((sum, link) => sum + promisedSeats(link, now), 0);
  const answers = await db
    .selectFrom('responses')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('organization_id', '=', organization.id)
    .executeTakeFirstOrThrow();
  return {
    status: packageStatus({ active: organization.active, endsAt: endOf(organization) }, now.getTime()),
    seat_capacity: organization.seat_capacity,
    seats_promised: promised,
    seats_free: seatsFree({ capacity: organization.seat_capacity, promised }),
    live_links: live.length,
    live_link_seats: live.reduce((sum, link) => sum + link.capacity, 0),
    answers_received: Number(answers.count),
    starts_at: iso(organization.package_starts_at),
    ends_at: iso(organization.package_expires_at),
    days_left: daysLeft(endOf(organization), now.getTime()),
    reminder_days: [...REMINDER_DAYS],
    can_request: options.canRequest,
    contact_email: options.contactEmail ?? null,
  };
};

/** The administrators a package email goes to. */
const administrators = (db: Kysely<Database>, organizationId: string) =>
  db
    .selectFrom('users')
    .select(['email', 'locale_id'])
    .where('organization_id', '=', organizationId)
    .where('role', 'in', ['admin', 'second_admin'])
    .where('active', '=', true)
    .execute();

/**
 * Sends the reminders due now (30, 7 and 1 days before a package ends) to each organisation's
 * administrators. The row in package_reminders is written first and its primary key
 * (organisation, package end, days) lets only one run send it, even with two servers running;
 * a package extended to a new end gets its reminders again. Answers how many were sent.
 */
export const sendPackageReminders = async (db: Kysely<Database>, mailer: Mailer, appUrl: string, now: Date): Promise<number> => {
  const horizon = new Date(now.getTime() + Math.max(...REMINDER_DAYS) * DAY_MS);
  const organizations = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'package_expires_at'])
    .where('active', '=', true)
    .where('package_expires_at', '>', now)
    .where('package_expires_at', '<=', horizon)
    .execute();
  let sent = 0;
  for (const organization of organizations) {
    const endsAt = organization.package_expires_at!;
    const already = await db
      .selectFrom('package_reminders')
      .select('days_before')
      .where('organization_id', '=', organization.id)
      .where('package_ends_at', '=', endsAt)
      .execute();
    const days = reminderDue(endsAt.getTime(), now.getTime(), already.map((row) => row.days_before));
    if (days === null) continue;
    const claimed = await db
      .insertInto('package_reminders')
      .values({ organization_id: organization.id, package_ends_at: endsAt, days_before: days })
      .onConflict((oc) => oc.doNothing())
      .returning('days_before')
      .executeTakeFirst();
    if (claimed === undefined) continue;
    const left = daysLeft(endsAt.getTime(), now.getTime());
    for (const admin of await administrators(db, organization.id)) {
      // Each administrator in their own language.
      const words = mailTexts(languageFor('accountMail', { account: admin.locale_id }));
      await mailer.send({
        organizationId: organization.id,
        to: admin.email,
        subject: words.reminderSubject(left ?? days),
        text: words.reminderBody(organization.name, words.day(endsAt)),
        link: `${appUrl}/dashboard/upgrade-account`,
      });
    }
    sent += 1;
  }
  return sent;
};

/** Runs the reminders at start and then every `everyMs`; returns the function that stops it. */
export const scheduleReminders = (run: () => Promise<number>, log: FastifyBaseLogger, everyMs = 60 * 60_000): (() => Promise<void>) =>
  scheduleEvery(run, log, 'package reminders', everyMs);

const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ').trim();

/** Emails the operator an administrator's request for more, through the outbox, in the operator's language (OPERATOR_LOCALE). */
export const sendPackageRequest = async (
  mailer: Mailer,
  operator: { readonly to: string; readonly locale: string },
  request: { organization: OrganizationRow; from: { email: string; first_name: string; last_name: string }; body: PackageRequest; usage: PackageUsage },
): Promise<void> => {
  const { organization, from, body, usage } = request;
  const words = mailTexts(languageFor('operatorMail', { operator: operator.locale }));
  await mailer.send({
    organizationId: organization.id,
    to: operator.to,
    subject: oneLine(words.requestSubject(organization.name)),
    text: words.requestBody({
      from: `${from.first_name} ${from.last_name} <${from.email}>`,
      organization: organization.name,
      organizationId: organization.id,
      seats: body.seats,
      months: body.months,
      note: body.message.trim(),
      promised: usage.seats_promised,
      capacity: usage.seat_capacity,
      answers: usage.answers_received,
      status: usage.status,
      endsAt: usage.ends_at,
    }),
  });
};
