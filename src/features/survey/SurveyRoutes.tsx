import { Navigate, useSearchParams } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** The survey is its own chunk: a participant downloads it and none of the dashboards. */
export const surveyPage = lazyPage(() => import('./SurveyPage'));

/**
 * SPEC section 2: / is the survey page for someone arriving with a survey link; anyone
 * else is sent to the sign-in page.
 */
export const SurveyRootPage = () => {
  const [params] = useSearchParams();
  if (!params.get('token')) return <Navigate to="/login" replace />;
  return <surveyPage.Page />;
};
