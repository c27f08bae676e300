import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';

/**
 * The participant's pages are a page of their own (survey.html, see
 * domain/navigation/participant.ts): reached inside the dashboards' application, they are
 * loaded as that page. The server answers their addresses with it, so this happens once.
 */
export const ParticipantHandOff = () => {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}`), [pathname, search]);
  return null;
};

/**
 * SPEC section 2: / is the survey page for someone arriving with a survey link; anyone
 * else is sent to the sign-in page.
 */
export const SurveyRootPage = () => {
  const [params] = useSearchParams();
  return params.get('token') ? <ParticipantHandOff /> : <Navigate to="/login" replace />;
};
