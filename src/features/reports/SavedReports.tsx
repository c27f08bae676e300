import { useId } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import { useAction, useSection } from '../../hooks/resources';
import { useDispatch } from '../../hooks/runtime';
import { FormAlert } from '../forms/formParts';

/** The organisation's saved report definitions: each can be run again on today's data (its own filters) or deleted. */
export const SavedReportsList = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const saved = useSection('savedReports', {}, 'reports');
  const remove = useAction('deleteReport');
  const headingId = useId();
  const reports = saved.data?.reports ?? [];
  return (
    <section className="stack" aria-labelledby={headingId} data-testid="saved-reports">
      <h3 id={headingId}>{t('report_saved_title')}</h3>
      <FormAlert status={remove.state} />
      {saved.status === 'loaded' && reports.length === 0 ? <p className="muted">{t('report_saved_none')}</p> : null}
      <ul className="saved-reports">
        {reports.map((report) => (
          <li key={report.id}>
            <span>{report.name}</span>
            <Button className="button secondary small" aria-label={t('report_run_label', { name: report.name })} onPress={() => dispatch({ type: 'report/run', definition: report.definition })}>
              {t('report_run')}
            </Button>
            <Button className="button ghost small" aria-label={t('report_delete_label', { name: report.name })} onPress={() => remove.submit({ id: report.id })}>
              {t('report_delete')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
