import { useTranslation } from '../../hooks/translation';
import { Link } from 'react-router-dom';
import { useSection } from '../../hooks/resources';
import { useDayFormat, useRelevanceText } from './format';

/** Home's card: the next few events relevant to the organisation, and the way to the calendar. */
export const UpcomingCard = () => {
  const { t, language } = useTranslation();
  const day = useDayFormat();
  const relevanceText = useRelevanceText();
  const section = useSection('calendarEvents', { language });
  const next = section.data?.events.slice(0, 5) ?? [];
  return (
    <section className="card stack" aria-labelledby="upcoming-heading" data-testid="calendar-upcoming">
      <div className="card-header">
        <h2 id="upcoming-heading">{t('calendar_upcoming')}</h2>
        <Link to="/dashboard/calendar">{t('calendar_open')}</Link>
      </div>
      {section.status === 'pending' && next.length === 0 && <p className="muted">{t('calendar_loading')}</p>}
      <ul className="upcoming-list">
        {next.map((event) => (
          <li key={event.id}>
            <strong>{event.name}</strong> · {day(event.date)}
            {event.relevance !== null && <span className="muted"> · {relevanceText(event.relevance)}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
};
