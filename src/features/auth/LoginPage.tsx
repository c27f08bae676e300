import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { isValidEmail } from '../../../domain/session/email';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { CodeField, codeProblem, useFormCheck, type FormStatus } from '../forms/formParts';
import { useDates } from '../../hooks/dates';
import { SecondAdminThroughOrganization, useSecondAdminInvitation } from './SecondAdminInvitation';

const selectLogin = (s: AppState) => ({
  pending: s.session.pending,
  loginError: s.session.loginError,
  twoFactor: s.session.twoFactor,
  lastSignOut: s.session.lastSignOut,
});

const sameLogin = (a: ReturnType<typeof selectLogin>, b: ReturnType<typeof selectLogin>) =>
  a.pending === b.pending && a.loginError === b.loginError && a.twoFactor === b.twoFactor && a.lastSignOut === b.lastSignOut;

/** Sign-in (SPEC section 4): email and password, then a code when the account has 2FA. */
export const LoginPage = () => {
  const { t } = useTranslation();
  const { localTime } = useDates();
  const dispatch = useDispatch();
  const { pending, loginError, twoFactor, lastSignOut } = useSelector(selectLogin, sameLogin);
  // The password stays in this component: the 2FA step sends it again with the code.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // The emailed link of a second administrator (/login?second-admin-token=...) signs in through its invitation.
  const [params] = useSearchParams();
  const location = useLocation();
  const secondAdminToken = params.get('second-admin-token');
  const secondAdmin = useSecondAdminInvitation(secondAdminToken);
  // The sign-in's outcome as every form of the app reads it (formParts: useFormCheck).
  const status = useMemo<FormStatus>(
    () => ({ status: pending ? 'pending' : loginError ? 'failed' : 'idle', message: loginError?.message ?? null, errors: loginError?.errors ?? NO_ERRORS }),
    [pending, loginError],
  );
  const credentialsCheck = useFormCheck(status);
  const codeCheck = useFormCheck(status);

  const submitCredentials = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValidEmail(email) || password.length === 0) return credentialsCheck.refuse();
    dispatch(secondAdminToken ? { type: 'session/loginSecondAdmin', email, password, token: secondAdminToken } : { type: 'session/login', email, password });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!twoFactor) return;
    if (codeProblem(code)) return codeCheck.refuse();
    dispatch({ type: 'session/confirmTwoFactor', email: twoFactor.email, password, code });
  };

  const errorBox = loginError && (
    <p role="alert" className="form-error">
      {t(loginError.message)}
    </p>
  );

  if (twoFactor) {
    return (
      <section aria-labelledby="login-heading" className="stack">
        <h1 id="login-heading">{t('two_factor_title')}</h1>
        <p>{twoFactor.method === 'email' ? t('two_factor_email_sent', { email: twoFactor.email }) : t('two_factor_app')}</p>
        {errorBox}
        <Form {...codeCheck.formProps} onSubmit={submitCode} className="stack">
          <CodeField
            shown={codeCheck.shown}
            value={code}
            onChange={setCode}
            description={twoFactor.expiresAt ? t('two_factor_expires', { time: localTime(twoFactor.expiresAt) }) : undefined}
          />
          <Button type="submit" className="button primary" isDisabled={pending}>
            {t('two_factor_confirm')}
          </Button>
          <Button className="button ghost" onPress={() => dispatch({ type: 'session/cancelTwoFactor' })}>
            {t('back_to_login')}
          </Button>
        </Form>
      </section>
    );
  }

  // Under "SSO required" the server refuses this link's password: the organisation's sign-in is offered instead.
  const throughOrganization = secondAdmin.status === 'checked' && secondAdmin.invitation?.sso_required ? secondAdmin.invitation : null;
  if (secondAdmin.status === 'checking' || throughOrganization) {
    return (
      <section aria-labelledby="login-heading" className="stack">
        <h1 id="login-heading">{t('login')}</h1>
        {throughOrganization ? <SecondAdminThroughOrganization invitation={throughOrganization} /> : <p aria-busy="true">{t('invitation_checking')}</p>}
      </section>
    );
  }

  return (
    <section aria-labelledby="login-heading" className="stack">
      <h1 id="login-heading">{t('login')}</h1>
      {lastSignOut === 'unauthorised' && !loginError && <p role="status">{t('session_expired')}</p>}
      {secondAdminToken && <p className="notice">{t('second_admin_login_help')}</p>}
      {errorBox}
      <Form {...credentialsCheck.formProps} onSubmit={submitCredentials} className="stack">
        <TextField
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          isRequired
          autoComplete="username"
          validate={(value) => credentialsCheck.shown(isValidEmail(value) ? null : 'email_invalid')}
          className="field"
        >
          <Label>{t('email')}</Label>
          <Input />
          <FieldError />
        </TextField>
        <TextField
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          isRequired
          autoComplete="current-password"
          validate={(value) => credentialsCheck.shown(value.length > 0 ? null : 'password_invalid')}
          className="field"
        >
          <Label>{t('password')}</Label>
          <Input />
          <FieldError />
        </TextField>
        <Button type="submit" className="button primary" isDisabled={pending}>
          {pending ? t('signing_in') : t('login')}
        </Button>
      </Form>
      <nav aria-label={t('login')} className="inline-links">
        <Link to="/password-reset">{t('forgot_password')}</Link>
        <Link to="/head-register">{t('register_organisation')}</Link>
        <Link to="/sso/amazon/login">{t('sso_title')}</Link>
        {/* The page a guest was turned away from goes along, to come back to after the provider. */}
        <Link to="/sso/organization" state={location.state}>
          {t('org_sso_title')}
        </Link>
      </nav>
    </section>
  );
};

const NO_ERRORS: FormStatus['errors'] = {};
