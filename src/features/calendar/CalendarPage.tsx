import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import { dateFormats } from '../../../domain/i18n/dates';
import { numberFormats } from '../charts/format';
import type { CalendarData, CalendarEvent } from '../../../domain/contracts/calendar';
import { useAction, useSection } from '../../hooks/resources';
import { useDispatch } from '../../hooks/runtime';
import { FormAlert } from '../forms/formParts';
import { useDayFormat, useRelevanceText } from './format';

const PAGE_SIZE = 150;

const monthLabel = (month: string, language: string) => dateFormats(language).month(month);

interface Choice {
  month: string;
  worldview: string;
  country: string;
  view: 'relevant' | 'all';
  sort: 'date' | 'relevance';
}

const NO_CHOICE: Choice = { month: '', worldview: '', country: '', view: 'relevant', sort: 'date' };

const queryOf = (choice: Choice, language: string): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(choice).filter(([key, value]) => value !== '' && !(key === 'view' && value === 'relevant') && !(key === 'sort' && value === 'date'))),
  language,
});

/** A labelled select: the label names it by id (an implicit label would also read out the chosen option). */
const SelectField = ({ label, value, onChange, children }: { label: string; value: string; onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void; children: React.ReactNode }) => {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={onChange}>
        {children}
      </select>
    </div>
  );
};

const EventRow = ({ event, data }: { event: CalendarEvent; data: CalendarData }) => {
  const { t } = useTranslation();
  const day = useDayFormat();
  const relevanceText = useRelevanceText();
  const names = (ids: readonly string[], options: CalendarData['countries']) => ids.map((id) => options.find((option) => option.id === id)?.label ?? id);
  const countries = names(event.countries, data.countries);
  const publicIn = names(event.publicIn, data.countries);
  const markedIn = names(event.countries.filter((code) => !event.publicIn.includes(code)), data.countries);
  const untold =
    publicIn.length === 0
      ? t('calendar_country_observance', { country: markedIn.join(', ') })
      : markedIn.length === 0
        ? t('calendar_public_holiday', { country: publicIn.join(', ') })
        : t('calendar_public_and_marked', { public: publicIn.join(', '), marked: markedIn.join(', ') });
  const groups = [...names(event.worldviews, data.worldviews), ...names(event.heritages, data.heritages)];
  return (
    <tr data-event={event.id}>
      <td>
        {day(event.date)}
        {event.days > 1 && <span className="muted small"> {t('calendar_days', { count: event.days })}</span>}
      </td>
      <td>
        <span className="strong">{event.name}</span>
        <span className="muted small">{event.description !== '' ? event.description : untold}</span>
      </td>
      <td>
        {t(`calendar_kind_${event.kind}`)}
        {groups.length > 0 && <span className="muted small"> · {groups.join(', ')}</span>}
        {event.description !== '' && countries.length > 0 && <span className="muted small"> · {countries.join(', ')}</span>}
      </td>
      <td>{event.relevance === null ? <span className="muted">{t('calendar_no_share')}</span> : relevanceText(event.relevance)}</td>
    </tr>
  );
};

const FeedCard = () => {
  const { t } = useTranslation();
  const day = useDayFormat();
  const feed = useSection('calendarFeed');
  const create = useAction('createCalendarFeed');
  const revoke = useAction('revokeCalendarFeed');
  const url = create.state.status === 'done' ? create.state.data?.url ?? null : null;
  const active = feed.data?.active ?? false;
  return (
    <section className="card stack" aria-labelledby="calendar-feed-heading" data-testid="calendar-feed">
      <h2 id="calendar-feed-heading">{t('calendar_feed_title')}</h2>
      <p className="muted">{t('calendar_feed_text')}</p>
      <FormAlert status={create.state} />
      <FormAlert status={revoke.state} />
      {url !== null && active && (
        <div className="stack">
          <label className="field">
            <span>{t('calendar_feed_link')}</span>
            <input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <p className="muted">{t('calendar_feed_once')}</p>
          <p>
            <a className="button secondary small" href={url} download="calendar.ics">{t('calendar_feed_download')}</a>
          </p>
        </div>
      )}
      {url === null && active && feed.data?.createdAt && <p>{t('calendar_feed_active', { date: day(feed.data.createdAt.slice(0, 10)) })}</p>}
      {!active && revoke.state.status === 'done' && <p role="status">{t('calendar_feed_revoked')}</p>}
      <div className="button-row">
        <Button className="button primary" isDisabled={create.state.status === 'pending'} onPress={() => { revoke.clear(); create.submit({}); }}>
          {active ? t('calendar_feed_renew') : t('calendar_feed_create')}
        </Button>
        {active && (
          <Button className="button ghost" isDisabled={revoke.state.status === 'pending'} onPress={() => { create.clear(); revoke.submit({}); }}>
            {t('calendar_feed_revoke')}
          </Button>
        )}
      </div>
    </section>
  );
};

/**
 * The cultural diversity calendar: the next twelve months of public holidays and observances,
 * filtered by month, worldview and country, what is relevant to the organisation by default,
 * each with the released share of its people who share a linked group.
 */
export const CalendarPage = () => {
  const { t, language } = useTranslation();
  const dispatch = useDispatch();
  const day = useDayFormat();
  const [choice, setChoice] = useState<Choice>(NO_CHOICE);
  const [shown, setShown] = useState(PAGE_SIZE);
  const query = useMemo(() => queryOf(choice, language), [choice, language]);
  const section = useSection('calendarEvents', query);
  const data = section.data;
  const pick = (field: keyof Choice) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    setShown(PAGE_SIZE);
    setChoice((current) => ({ ...current, [field]: event.target.value }));
  };

  return (
    <div className="stack calendar-page">
      <header className="page-header">
        <h1>{t('calendar_title')}</h1>
      </header>
      <section className="card stack" aria-labelledby="calendar-about">
        <h2 id="calendar-about" className="visually-hidden">{t('calendar_about')}</h2>
        <p>{t('calendar_intro')}</p>
        {data && (
          <p className="muted">
            {t('calendar_window', { from: day(data.from), to: day(data.to), zone: data.timeZone })}{' '}
            {t('calendar_catalogue', { events: numberFormats(language).count(data.catalogue.events), countries: data.catalogue.countries })}
          </p>
        )}
        {data && (
          <p className="muted" data-testid="calendar-typed">
            {t('calendar_typed', { list: data.typedUntil.map((entry) => `${entry.name} (${entry.year})`).join(', ') })}
          </p>
        )}
        <p className="muted small">{t('calendar_attribution')}</p>
      </section>

      <section className="card stack" aria-labelledby="calendar-events-heading" aria-busy={section.status === 'pending'} data-testid="calendar-events">
        <div className="card-header">
          <h2 id="calendar-events-heading">{t('calendar_events')}</h2>
          <div className="button-row">
            <Button className="button secondary small" onPress={() => dispatch({ type: 'calendar/downloadView', query })}>
              {t('calendar_download_view')}
            </Button>
            <Button className="button secondary small" onPress={() => dispatch({ type: 'calendar/exportYear', view: choice.view })}>
              {t('calendar_export')}
            </Button>
          </div>
        </div>
        <form className="calendar-filters" aria-label={t('calendar_filters')} onSubmit={(event) => event.preventDefault()}>
          <SelectField label={t('calendar_show')} value={choice.view} onChange={pick('view')}>
              <option value="relevant">{t('calendar_view_relevant')}</option>
              <option value="all">{t('calendar_view_all')}</option>
          </SelectField>
          <SelectField label={t('calendar_month')} value={choice.month} onChange={pick('month')}>
              <option value="">{t('calendar_any_month')}</option>
              {data?.months.map((month) => <option key={month} value={month}>{monthLabel(month, language)}</option>)}
          </SelectField>
          <SelectField label={t('calendar_worldview')} value={choice.worldview} onChange={pick('worldview')}>
              <option value="">{t('calendar_any_worldview')}</option>
              {data?.worldviews.map((option) => <option key={option.id} value={option.id}>{option.label}</option>)}
          </SelectField>
          <SelectField label={t('calendar_country')} value={choice.country} onChange={pick('country')}>
              <option value="">{t('calendar_any_country')}</option>
              {data?.countries.map((option) => <option key={option.id} value={option.id}>{option.label}</option>)}
          </SelectField>
          <SelectField label={t('calendar_sort')} value={choice.sort} onChange={pick('sort')}>
              <option value="date">{t('calendar_sort_date')}</option>
              <option value="relevance">{t('calendar_sort_relevance')}</option>
          </SelectField>
        </form>
        {section.status === 'error' && <p role="alert">{section.message ?? t('unknown_error')}</p>}
        {section.status === 'pending' && !data && <p className="muted">{t('calendar_loading')}</p>}
        {data && (
          <>
            <p role="status" className="muted" data-testid="calendar-count">{t('calendar_count', { count: data.events.length })}</p>
            {data.events.length > 0 && (
              // A narrow screen scrolls the table inside its card: the keyboard reaches it as a named region.
              <div className="table-scroll" role="region" tabIndex={0} aria-label={t('chart_table_region', { title: t('calendar_events') })}>
                <table className="data-table calendar-table">
                  <caption className="visually-hidden">{t('calendar_events')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('calendar_col_date')}</th>
                      <th scope="col">{t('calendar_col_event')}</th>
                      <th scope="col">{t('calendar_col_belongs')}</th>
                      <th scope="col">{t('calendar_col_share')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.events.slice(0, shown).map((event) => <EventRow key={event.id} event={event} data={data} />)}
                  </tbody>
                </table>
              </div>
            )}
            {data.events.length > shown && (
              <div>
                <Button className="button secondary" onPress={() => setShown((count) => count + PAGE_SIZE)}>
                  {t('calendar_more', { count: Math.min(PAGE_SIZE, data.events.length - shown) })}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
      <FeedCard />
    </div>
  );
};

