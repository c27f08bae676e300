import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { lowercaseRedirect } from '../../domain/navigation/routes';
import { safeReturnPath } from '../../domain/navigation/returnPath';
import type { AppState } from '../../domain/app/state';
import { useSelector } from '../hooks/runtime';
import { PACKAGE_ROLES } from '../../domain/packages/rules';

/** Where the session stands for routing: out, in, or in only to change an expired password. */
type Access = 'guest' | 'member' | 'passwordExpired';
const selectAccess = (s: AppState): Access =>
  !s.session.signedIn ? 'guest' : s.session.passwordExpired ? 'passwordExpired' : 'member';

/** SPEC section 2: a path with uppercase letters is redirected to its lowercase form. */
export const LowercasePaths = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const lower = lowercaseRedirect(location.pathname);
  if (lower) return <Navigate to={{ pathname: lower, search: location.search, hash: location.hash }} replace />;
  return <>{children}</>;
};

/** Guest-only pages send a signed-in person to their dashboard. */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const access = useSelector(selectAccess);
  const location = useLocation();
  // Signed in from a deep link: back to the page that was asked for, not the home page.
  if (access === 'member') return <Navigate to={safeReturnPath((location.state as { from?: unknown } | null)?.from) ?? '/dashboard'} replace />;
  if (access === 'passwordExpired') return <Navigate to="/update-password" replace />;
  return <>{children}</>;
};

/** The expired-password page: for the person who must change it, and nobody else. */
export const PasswordExpiredOnly = ({ children }: { children: ReactNode }) => {
  const access = useSelector(selectAccess);
  if (access === 'member') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
};

// A session that ran out (or a first visit) comes back to its page; one ended on purpose, here
// or in another tab, starts again at home (a logout's last requests may end as "unauthorised").
const selectLoggedOut = (s: AppState) => s.session.lastSignOut === 'logout' || s.session.lastSignOut === 'otherTab' || s.session.lastSignOut === 'unauthorised';

/**
 * Protected pages need the token cookie; without it the person signs in first, and comes back
 * to the page afterwards, unless the session was ended (logged out, or its token refused): then
 * signing in again starts at home.
 */
export const Protected = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const access = useSelector(selectAccess);
  const loggedOut = useSelector(selectLoggedOut);
  if (access === 'guest') return <Navigate to="/login" replace state={loggedOut ? null : { from: `${location.pathname}${location.search}` }} />;
  if (access === 'passwordExpired') return <Navigate to="/update-password" replace />;
  return <>{children}</>;
};

/** Registration from an invitation needs its token in the link. */
export const RequireInvitation = ({ children }: { children: ReactNode }) => {
  const [params] = useSearchParams();
  return params.get('token') ? <>{children}</> : <Navigate to="/invalid-invitation-token" replace />;
};

const selectPackageAccess = (s: AppState): 'unknown' | 'administrator' | 'other' => {
  const role = s.session.user?.role;
  if (role === undefined) return 'unknown';
  return PACKAGE_ROLES.includes(role) ? 'administrator' : 'other';
};

/** Pages of the administrators (the Upgrade account page): anyone else goes to the dashboard home. */
export const AdministratorsOnly = ({ children }: { children: ReactNode }) => {
  const access = useSelector(selectPackageAccess);
  if (access === 'other') return <Navigate to="/dashboard/home" replace />;
  return <>{children}</>;
};

const selectPackageEnded = (s: AppState): boolean => s.packageNotice.ended && selectPackageAccess(s) === 'administrator';

/**
 * Once a call answered 403 'no active package', an administrator lands on the Upgrade account
 * page, which explains it, instead of dashboards that can only fail. Other roles keep the
 * server's message (they cannot sign in to an ended package at all).
 */
export const PackageEndedRedirect = ({ to }: { to: string }) => {
  const ended = useSelector(selectPackageEnded);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // An effect keyed on the path, not a <Navigate>: that one stays mounted across navigations and
  // would not fire again when another redirect (the /dashboard index) moves on after it.
  useEffect(() => {
    if (ended && pathname !== to) navigate(to, { replace: true });
  }, [ended, pathname, to, navigate]);
  return null;
};
