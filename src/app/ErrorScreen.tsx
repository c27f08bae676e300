import { useEffect, useRef } from 'react';
import { useTranslation } from '../hooks/translation';
import { useRouteError } from 'react-router-dom';
import { describeThrown } from '../../infrastructure/effects/tracing.effects';
import { useDispatch } from '../hooks/runtime';

/**
 * Shown when any screen fails to render (SPEC section 2). A full page load to / starts the
 * application afresh rather than re-entering the state that failed. The failure is reported
 * once per mount; the report effect scrubs, samples and leaves out repeats.
 */
export const ErrorScreen = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const dispatch = useDispatch();
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    dispatch({ type: 'tracing/report', kind: 'render', ...describeThrown(error), url: window.location.pathname });
  }, [dispatch, error]);
  return (
    <main className="centered-page" aria-labelledby="error-heading">
      <h1 id="error-heading">{t('error')}</h1>
      <p>{t('something_went_wrong')}</p>
      <button type="button" className="button primary" onClick={() => window.location.assign('/')}>
        {t('go_back_home')}
      </button>
    </main>
  );
};
