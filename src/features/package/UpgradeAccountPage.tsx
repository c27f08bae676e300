import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, FieldError, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
import { PACKAGE_REQUEST_LIMITS, type PackageUsage } from '../../../domain/contracts/packages';
import { useAction, useSection } from '../../hooks/resources';
import { FormAlert, FormDone, useFormCheck } from '../forms/formParts';
import { productLanguage } from '../../../domain/i18n/languages';
import { useFormatDay } from '../../hooks/dates';
import { useNumbers } from '../charts/useNumbers';

export const UPGRADE_ACCOUNT_PATH = '/dashboard/upgrade-account';

/**
 * The administrator's Upgrade account page: seats used against capacity, the package's dates
 * and days left, what happens at the end, and a request for more emailed to the operator.
 * Also where an administrator lands once the package ended (read-only, with the reason).
 */
export const UpgradeAccountPage = () => {
  const { t } = useTranslation();
  const usage = useSection('package');
  return (
    <>
      <header className="page-header">
        <h1>{t('upgrade_account')}</h1>
      </header>
      <p className="muted">{t('upgrade_account_intro')}</p>
      {usage.status === 'error' && <p role="alert" className="form-error">{t(usage.message ?? 'unknown_error')}</p>}
      {usage.data ? <PackageDetails usage={usage.data} /> : usage.status !== 'error' && <p aria-busy="true">{t('loading')}</p>}
    </>
  );
};

const PackageDetails = ({ usage }: { usage: PackageUsage }) => {
  const { t, language } = useTranslation();
  const list = new Intl.ListFormat(productLanguage(language).lang, { type: 'conjunction' });
  const formatDay = useFormatDay();
  const n = useNumbers();
  const promisedShare = usage.seat_capacity > 0 ? Math.min(usage.seats_promised, usage.seat_capacity) : 0;
  return (
    <div className="settings-grid">
      {usage.status !== 'active' && (
        <section className="card stack package-ended" role="alert" aria-labelledby="package-ended-heading">
          <h2 id="package-ended-heading">{t('package_ended_title')}</h2>
          <p>
            {usage.status === 'ended' && usage.ends_at !== null
              ? t('package_ended_text', { date: formatDay(usage.ends_at) })
              : t('package_suspended_text')}
          </p>
          <ContactLine email={usage.contact_email} />
        </section>
      )}

      <section className="card stack" aria-labelledby="package-seats-heading">
        <h2 id="package-seats-heading">{t('package_seats')}</h2>
        <p className="package-figure">{t('package_seats_summary', { promised: n.count(usage.seats_promised), capacity: n.count(usage.seat_capacity) })}</p>
        <meter
          className="package-meter"
          min={0}
          max={Math.max(usage.seat_capacity, 1)}
          value={promisedShare}
          aria-label={t('package_seats_meter')}
          aria-valuetext={t('package_seats_summary', { promised: n.count(usage.seats_promised), capacity: n.count(usage.seat_capacity) })}
        />
        <dl className="package-figures">
          <dt>{t('package_seats_free')}</dt>
          <dd>{n.count(usage.seats_free)}</dd>
          <dt>{t('package_live_links')}</dt>
          <dd>{n.count(usage.live_links)}</dd>
          <dt>{t('package_live_link_seats')}</dt>
          <dd>{n.count(usage.live_link_seats)}</dd>
          <dt>{t('package_answers')}</dt>
          <dd>{n.count(usage.answers_received)}</dd>
        </dl>
        <p className="muted">{t('package_seats_help')}</p>
      </section>

      <section className="card stack" aria-labelledby="package-dates-heading">
        <h2 id="package-dates-heading">{t('package_dates')}</h2>
        <dl className="package-figures">
          <dt>{t('package_status')}</dt>
          <dd>{t(`package_status_${usage.status}`)}</dd>
          <dt>{t('package_started')}</dt>
          <dd>{usage.starts_at === null ? t('package_not_recorded') : formatDay(usage.starts_at)}</dd>
          <dt>{t('package_ends')}</dt>
          <dd>{usage.ends_at === null ? t('package_no_end') : formatDay(usage.ends_at)}</dd>
        </dl>
        {usage.days_left !== null && <p className="package-figure">{t('package_days_left', { count: usage.days_left })}</p>}
      </section>

      <section className="card stack" aria-labelledby="package-end-heading">
        <h2 id="package-end-heading">{t('package_at_end')}</h2>
        <p>{t('package_at_end_text')}</p>
        <p className="muted">{t('package_reminders', { days: list.format(usage.reminder_days.map(String)) })}</p>
      </section>

      <RequestForm canRequest={usage.can_request} contactEmail={usage.contact_email} />
    </div>
  );
};

/** Who to write to about the package: the operator's address, or who to ask when none is set. */
const ContactLine = ({ email }: { email: string | null }) => {
  const { t } = useTranslation();
  if (email === null) return <p className="muted">{t('package_contact_none')}</p>;
  return (
    <p>
      {t('package_contact_write')} <a href={`mailto:${email}`}>{email}</a>
    </p>
  );
};

const wholeNumber = (value: string, max: number): number | null | 'invalid' => {
  if (value.trim() === '') return null;
  if (!/^\d+$/.test(value.trim())) return 'invalid';
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : 'invalid';
};

const RequestForm = ({ canRequest, contactEmail }: { canRequest: boolean; contactEmail: string | null }) => {
  const { t } = useTranslation();
  const send = useAction('requestPackage');
  const check = useFormCheck(send.state);
  const [seats, setSeats] = useState('');
  const [months, setMonths] = useState('');
  const [message, setMessage] = useState('');
  const seatsValue = wholeNumber(seats, PACKAGE_REQUEST_LIMITS.seatsMax);
  const monthsValue = wholeNumber(months, PACKAGE_REQUEST_LIMITS.monthsMax);
  const empty = seatsValue === null && monthsValue === null && message.trim() === '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (seatsValue === 'invalid' || monthsValue === 'invalid' || empty) return check.refuse();
    send.submit({ seats: seatsValue, months: monthsValue, message: message.trim() });
  };
  if (!canRequest) {
    return (
      <section className="card stack" aria-labelledby="package-request-heading">
        <h2 id="package-request-heading">{t('package_request')}</h2>
        <p>{t('package_request_unavailable')}</p>
        <ContactLine email={contactEmail} />
      </section>
    );
  }
  return (
    <Form {...check.formProps} onSubmit={submit} className="card stack" aria-labelledby="package-request-heading">
      <h2 id="package-request-heading">{t('package_request')}</h2>
      <p className="muted">{t('package_request_help')}</p>
      <ContactLine email={contactEmail} />
      <FormAlert status={send.state} />
      <FormDone status={send.state} text={t('package_request_sent')} />
      <TextField name="seats" value={seats} onChange={setSeats} inputMode="numeric" className="field"
        validate={() => (check.attempted && seatsValue === 'invalid' ? t('package_request_number', { max: PACKAGE_REQUEST_LIMITS.seatsMax }) : null)}>
        <Label>{t('package_request_seats')}</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField name="months" value={months} onChange={setMonths} inputMode="numeric" className="field"
        validate={() => (check.attempted && monthsValue === 'invalid' ? t('package_request_number', { max: PACKAGE_REQUEST_LIMITS.monthsMax }) : null)}>
        <Label>{t('package_request_months')}</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField name="message" value={message} onChange={setMessage} className="field"
        validate={() => check.shown(empty ? 'package_request_empty' : null)}>
        <Label>{t('package_request_message')}</Label>
        <TextArea rows={4} maxLength={PACKAGE_REQUEST_LIMITS.messageMax} />
        <FieldError />
      </TextField>
      <div className="form-actions">
        <Button type="submit" className="button primary" isPending={send.state.status === 'pending'}>{t('package_request_send')}</Button>
      </div>
    </Form>
  );
};
