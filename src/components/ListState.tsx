import { useTranslation } from '../hooks/translation';
import type { Section } from '../hooks/resources';

/**
 * What a list section shows instead of its table: the error, the loading line, or the empty
 * text. `count` is the number of rows the table would show when it differs from the data's
 * length (a filtered list); null is rendered when there are rows.
 */
export const ListState = ({ section, empty, count }: { section: Section<readonly unknown[]>; empty: string; count?: number }) => {
  const { t } = useTranslation();
  if (section.status === 'error') return <p role="alert" className="form-error">{t(section.message ?? 'unknown_error')}</p>;
  if (section.data === null) return <p aria-busy="true">{t('loading')}</p>;
  if ((count ?? section.data.length) === 0) return <p className="muted">{empty}</p>;
  return null;
};
