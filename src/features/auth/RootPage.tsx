import { Navigate, useSearchParams } from 'react-router-dom';
import { GuestPage } from './GuestPage';

/**
 * SPEC section 2: / is the survey registration page for someone arriving with a survey link;
 * anyone else is sent to the sign-in page.
 */
export const RootPage = () => {
  const [params] = useSearchParams();
  if (!params.get('token')) return <Navigate to="/login" replace />;
  return <GuestPage titleKey="survey_registration" />;
};
