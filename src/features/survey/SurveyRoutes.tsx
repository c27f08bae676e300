import { Navigate, useSearchParams } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** The survey is its own chunk: a participant downloads it and none of the dashboards. */
export const surveyPage = lazyPage(() => import('./SurveyPage'));

// Opened from a survey link, the survey's chunk is fetched while the entry still starts up.
if (typeof window !== 'undefined' && ['/', '/register'].includes(window.location.pathname) && new URLSearchParams(window.location.search).has('token')) {
  void surveyPage.preload().catch(() => undefined);
}

/**
 * SPEC section 2: / is the survey page for someone arriving with a survey link; anyone
 * else is sent to the sign-in page.
 */
export const SurveyRootPage = () => {
  const [params] = useSearchParams();
  if (!params.get('token')) return <Navigate to="/login" replace />;
  return <surveyPage.Page />;
};
