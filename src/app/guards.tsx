import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { lowercaseRedirect } from '../../domain/navigation/routes';
import { useSelector } from './runtime';

const selectSignedIn = (s: { session: { signedIn: boolean } }) => s.session.signedIn;

/** SPEC section 2: a path with uppercase letters is redirected to its lowercase form. */
export const LowercasePaths = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const lower = lowercaseRedirect(location.pathname);
  if (lower) return <Navigate to={{ pathname: lower, search: location.search, hash: location.hash }} replace />;
  return <>{children}</>;
};

/** Guest-only pages send a signed-in person to their dashboard. */
export const GuestOnly = ({ children }: { children: ReactNode }) =>
  useSelector(selectSignedIn) ? <Navigate to="/dashboard" replace /> : <>{children}</>;

/** Protected pages need the token cookie; without it the person signs in first. */
export const Protected = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  return useSelector(selectSignedIn) ? <>{children}</> : <Navigate to="/login" replace state={{ from: location.pathname }} />;
};

/** Registration from an invitation needs its token in the link. */
export const RequireInvitation = ({ children }: { children: ReactNode }) => {
  const [params] = useSearchParams();
  return params.get('token') ? <>{children}</> : <Navigate to="/invalid-invitation-token" replace />;
};
