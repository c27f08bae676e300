import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Root, preloadShell } from './Root';
import { ErrorScreen } from './ErrorScreen';
import { NotFound } from './NotFound';
import { RenderFailureProbe } from './RenderFailureProbe';
import { AdministratorsOnly, GuestOnly, PasswordExpiredOnly, Protected, RequireInvitation } from './guards';
import { AuthLayout } from '../layouts/AuthLayout';
import { PlainLayout } from '../layouts/PlainLayout';
import { PlainPage, PLAIN_PAGES } from '../features/plain/PlainPage';
import { ParticipantHandOff, SurveyRootPage } from '../features/survey/SurveyRoutes';
import { lazyNamed } from './lazyPage';
import { lazyNamedWithTexts } from './pageTexts';
import { PAGE_CONTENT, pageKeyOf } from '../features/shell/pageContent';

// The dashboards are chunks of their own (import() through lazyPage): a survey participant never downloads them.
const dashboardLayout = lazyNamed(() => import('../layouts/DashboardLayout'), 'DashboardLayout');
const dashboardSection = lazyNamed(() => import('../features/shell/DashboardSection'), 'DashboardSection');
const slideShow = lazyNamed(() => import('../features/shell/SlideShow'), 'SlideShow');
const accountSettings = lazyNamed(() => import('../features/account/AccountSettingsPage'), 'AccountSettingsPage');
// These three bring their English texts with them (domain/i18n/en.<page>.ts): they are not in the first load.
const organizationSettings = lazyNamedWithTexts(() => import('../features/organization/OrganizationSettingsPage'), 'OrganizationSettingsPage', () => import('../../domain/i18n/en.organizationSettings').then((part) => part.enOrganizationSettings));
const calendarPage = lazyNamedWithTexts(() => import('../features/calendar/CalendarPage'), 'CalendarPage', () => import('../../domain/i18n/en.calendar').then((part) => part.enCalendar));
const upgradeAccount = lazyNamedWithTexts(() => import('../features/package/UpgradeAccountPage'), 'UpgradeAccountPage', () => import('../../domain/i18n/en.upgradeAccount').then((part) => part.enUpgradeAccount));
// So are the sign-in, registration and invitation pages, which a participant never opens.
const loginPage = lazyNamed(() => import('../features/auth/LoginPage'), 'LoginPage');
const ssoStart = lazyNamed(() => import('../features/auth/SsoPages'), 'SsoStartPage');
const ssoCheckToken = lazyNamed(() => import('../features/auth/SsoPages'), 'SsoCheckTokenPage');
const organizationSsoStart = lazyNamed(() => import('../features/auth/OrganizationSsoPages'), 'OrganizationSsoStartPage');
const organizationSsoCallback = lazyNamed(() => import('../features/auth/OrganizationSsoPages'), 'OrganizationSsoCallbackPage');
const headRegister = lazyNamed(() => import('../features/auth/HeadRegisterPage'), 'HeadRegisterPage');
const registerSuccess = lazyNamed(() => import('../features/auth/RegisterSuccessPage'), 'RegisterSuccessPage');
const forgotPassword = lazyNamed(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const resetPassword = lazyNamed(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const updatePassword = lazyNamed(() => import('../features/auth/UpdatePasswordPage'), 'UpdatePasswordPage');
const invitationPage = lazyNamed(() => import('../features/invitations/InvitationPage'), 'InvitationPage');
const LoginPage = loginPage.Page;
const SsoStartPage = ssoStart.Page;
const SsoCheckTokenPage = ssoCheckToken.Page;
const OrganizationSsoStartPage = organizationSsoStart.Page;
const OrganizationSsoCallbackPage = organizationSsoCallback.Page;
const HeadRegisterPage = headRegister.Page;
const RegisterSuccessPage = registerSuccess.Page;
const ForgotPasswordPage = forgotPassword.Page;
const ResetPasswordPage = resetPassword.Page;
const UpdatePasswordPage = updatePassword.Page;
const InvitationPage = invitationPage.Page;
const DashboardLayout = dashboardLayout.Page;
const DashboardSection = dashboardSection.Page;
const SlideShow = slideShow.Page;
const AccountSettingsPage = accountSettings.Page;
const OrganizationSettingsPage = organizationSettings.Page;
const CalendarPage = calendarPage.Page;
const UpgradeAccountPage = upgradeAccount.Page;

// Opened on a dashboard address, its chunks are fetched while the entry still starts up and
// the session is checked, rather than one after the other once each is rendered.
if (typeof window !== 'undefined' && /^\/dashboard(\/|$)/i.test(window.location.pathname)) {
  for (const page of [dashboardLayout, dashboardSection, PAGE_CONTENT[pageKeyOf(window.location.pathname)]]) void page?.preload().catch(() => undefined);
}

/** Loads every lazy page now (tests render routes at once; a browser may warm the cache). */
export const preloadRoutes = (): Promise<unknown> =>
  Promise.all(
    [
      dashboardLayout, dashboardSection, slideShow, accountSettings, organizationSettings, calendarPage, upgradeAccount, loginPage, ssoStart, ssoCheckToken, organizationSsoStart, organizationSsoCallback,
      headRegister, registerSuccess, forgotPassword, resetPassword, updatePassword, invitationPage,
    ].map((page) => page.preload()).concat(preloadShell(), ...Object.values(PAGE_CONTENT).map((page) => page.preload())),
  );

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
          { path: '/', element: guest(<SurveyRootPage />) },
          { path: '/login', element: guest(<LoginPage />) },
          { path: '/head-register', element: guest(<HeadRegisterPage />) },
          { path: '/head-register/success', element: guest(<RegisterSuccessPage />) },
          { path: '/sso/amazon/login', element: guest(<SsoStartPage />) },
          { path: '/sso/amazon/check-token', element: guest(<SsoCheckTokenPage />) },
          { path: '/sso/organization', element: guest(<OrganizationSsoStartPage />) },
          { path: '/sso/oidc/callback', element: guest(<OrganizationSsoCallbackPage />) },
          { path: '/sso/saml/callback', element: guest(<OrganizationSsoCallbackPage />) },
          // The person whose password expired is signed in, so this page is not guest-only.
          { path: '/update-password', element: <PasswordExpiredOnly><UpdatePasswordPage /></PasswordExpiredOnly> },
          { path: '/password-reset', element: guest(<ForgotPasswordPage />) },
          { path: '/password/reset', element: guest(<ResetPasswordPage />) },
          { path: '/register', element: <RequireInvitation><ParticipantHandOff /></RequireInvitation> },
          { path: '/subgroup-register', element: <RequireInvitation><InvitationPage check="checkActivationAssignee" titleKey="subgroup_register_title" /></RequireInvitation> },
          { path: '/update-survey', element: <ParticipantHandOff /> },
        ],
      },
      {
        element: <PlainLayout />,
        children: [
          ...PLAIN_PAGES.map((page) => ({ path: page.path, element: <PlainPage page={page} /> })),
          { path: '/check-edit-survey', element: <ParticipantHandOff /> },
          { path: '/delete-survey', element: <ParticipantHandOff /> },
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
          { path: 'calendar', element: <CalendarPage /> },
          { path: 'upgrade-account', element: <AdministratorsOnly><UpgradeAccountPage /></AdministratorsOnly> },
          { path: ':section', element: <DashboardSection /> },
          { path: ':section/:subsection', element: <DashboardSection /> },
        ],
      },
      { path: '/debug/render-failure', element: <RenderFailureProbe /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
