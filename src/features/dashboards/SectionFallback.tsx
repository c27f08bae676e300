import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../hooks/translation';
import type { Section } from '../../hooks/resources';

/**
 * What a statistics section shows until its figures are there: the withheld sentence (status
 * 204), the error, or the loading line. A card's error offers `retry` and stays quiet, since
 * several cards may fail at once; a page's single result is announced as an alert instead.
 */
export const SectionFallback = ({ section, retry }: { section: Section<unknown>; retry?: () => void }) => {
  const { t } = useTranslation();
  const said = (fallback: string) => (section.message ? t(section.message, { defaultValue: section.message }) : t(fallback));
  if (section.status === 'empty') return <p className="stat-withheld">{said('section_empty')}</p>;
  if (section.status === 'error') {
    return retry === undefined ? (
      <p className="stat-error" role="alert">{said('unknown_error')}</p>
    ) : (
      <div className="stat-error">
        <p>{said('unknown_error')}</p>
        <Button className="button secondary small" onPress={retry}>
          {t('stat_try_again')}
        </Button>
      </div>
    );
  }
  return <p className="stat-loading">{t('loading')}</p>;
};

/**
 * The live region of a page's one result (compare, benchmark): its figures once loaded, else
 * the section's fallback; nothing while `idle` (nothing asked yet).
 */
export const SectionResult = <D,>({
  section,
  data,
  idle = false,
  id,
  className = 'compare-results',
  children,
}: {
  section: Section<unknown>;
  /** The section's data as the page shows it (localised); null until there. */
  data: D | null;
  idle?: boolean;
  id?: string;
  className?: string;
  children: (data: D) => ReactNode;
}) => (
  <div id={id} className={className} aria-live="polite" aria-busy={section.status === 'pending'} data-status={idle ? 'idle' : section.status}>
    {idle ? null : section.status === 'loaded' && data !== null ? children(data) : <SectionFallback section={section} />}
  </div>
);
