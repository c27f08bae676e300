import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Root } from './Root';
import { ErrorScreen } from './ErrorScreen';
import { NotFound } from './NotFound';
import { GuestOnly, PasswordExpiredOnly, Protected, RequireInvitation } from './guards';
import { AuthLayout } from '../layouts/AuthLayout';
import { PlainLayout } from '../layouts/PlainLayout';
import { DashboardLayout } from '../layouts/DashboardLayout';
import { LoginPage } from '../features/auth/LoginPage';
import { GuestPage } from '../features/auth/GuestPage';
import { SsoCheckTokenPage, SsoStartPage } from '../features/auth/SsoPages';
import { HeadRegisterPage } from '../features/auth/HeadRegisterPage';
import { RegisterSuccessPage } from '../features/auth/RegisterSuccessPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { UpdatePasswordPage } from '../features/auth/UpdatePasswordPage';
import { AccountSettingsPage } from '../features/account/AccountSettingsPage';
import { RootPage } from '../features/auth/RootPage';
import { PlainPage, PLAIN_PAGES } from '../features/plain/PlainPage';
import { DashboardSection } from '../features/dashboard/DashboardSection';
import { SlideShow } from '../features/dashboard/SlideShow';
import { OrganizationSettingsPage } from '../features/organization/OrganizationSettingsPage';

const guest = (element: React.ReactNode) => <GuestOnly>{element}</GuestOnly>;

/** The routes of SPEC section 2, each in its layout. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: '/', element: guest(<RootPage />) },
          { path: '/login', element: guest(<LoginPage />) },
          { path: '/head-register', element: guest(<HeadRegisterPage />) },
          { path: '/head-register/success', element: guest(<RegisterSuccessPage />) },
          { path: '/sso/amazon/login', element: guest(<SsoStartPage />) },
          { path: '/sso/amazon/check-token', element: guest(<SsoCheckTokenPage />) },
          // The person whose password expired is signed in, so this page is not guest-only.
          { path: '/update-password', element: <PasswordExpiredOnly><UpdatePasswordPage /></PasswordExpiredOnly> },
          { path: '/password-reset', element: guest(<ForgotPasswordPage />) },
          { path: '/password/reset', element: guest(<ResetPasswordPage />) },
          { path: '/register', element: <RequireInvitation><GuestPage titleKey="survey_registration" /></RequireInvitation> },
          { path: '/subgroup-register', element: <RequireInvitation><GuestPage titleKey="survey_registration" /></RequireInvitation> },
          { path: '/update-survey', element: <GuestPage titleKey="survey_registration" /> },
        ],
      },
      {
        element: <PlainLayout />,
        children: [
          ...PLAIN_PAGES.map((page) => ({ path: page.path, element: <PlainPage page={page} /> })),
          { path: '/slide-show', element: <Protected><SlideShow /></Protected> },
        ],
      },
      {
        path: '/dashboard',
        element: <Protected><DashboardLayout /></Protected>,
        children: [
          { index: true, element: <Navigate to="/dashboard/home" replace /> },
          { path: 'account-settings', element: <AccountSettingsPage /> },
          { path: 'account-settings/:tab', element: <AccountSettingsPage /> },
          { path: 'organization-settings', element: <OrganizationSettingsPage /> },
          { path: ':section', element: <DashboardSection /> },
          { path: ':section/:subsection', element: <DashboardSection /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
