import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { AppState } from '../../../domain/app/state';
import { safeReturnPath } from '../../../domain/navigation/returnPath';
import { isValidEmail } from '../../../domain/session/email';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useTranslation } from '../../hooks/translation';

const selectSso = (s: AppState) => ({ pending: s.session.pending, loginError: s.session.loginError });
const sameSso = (a: ReturnType<typeof selectSso>, b: ReturnType<typeof selectSso>) => a.pending === b.pending && a.loginError === b.loginError;

const SsoError = () => {
  const { t } = useTranslation();
  const { loginError } = useSelector(selectSso, sameSso);
  return loginError ? (
    <p role="alert" className="form-error">
      {t(loginError.message)}
    </p>
  ) : null;
};

/** /sso/organization: the work email finds the organisation's identity provider, and the browser goes there. */
export const OrganizationSsoStartPage = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const location = useLocation();
  const { pending } = useSelector(selectSso, sameSso);
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  // The page a guest was turned away from (kept by the sign-in page), to come back to afterwards.
  const returnTo = safeReturnPath((location.state as { from?: unknown } | null)?.from) ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (!isValidEmail(email)) return;
    dispatch({ type: 'session/startOrganizationSso', email: email.trim(), returnTo });
  };

  return (
    <section aria-labelledby="org-sso-heading" className="stack">
      <h1 id="org-sso-heading">{t('org_sso_title')}</h1>
      <p>{t('org_sso_help')}</p>
      <SsoError />
      <Form onSubmit={submit} className="stack" validationBehavior="aria">
        <TextField
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          isRequired
          autoComplete="username"
          isInvalid={checked && !isValidEmail(email)}
          className="field"
        >
          <Label>{t('org_sso_email')}</Label>
          <Input />
          <Text slot="description">{t('org_sso_email_help')}</Text>
          <FieldError>{t('email_invalid')}</FieldError>
        </TextField>
        <Button type="submit" className="button primary" isDisabled={pending}>
          {pending ? t('signing_in') : t('org_sso_continue')}
        </Button>
      </Form>
      <Link to="/login" state={location.state}>
        {t('back_to_login')}
      </Link>
    </section>
  );
};

/**
 * /sso/oidc/callback: the organisation's provider sends the person back here with a code, the state and its issuer.
 * /sso/saml/callback: the server, once the SAML identity provider posted to it, sends the person here with the RelayState.
 */
export const OrganizationSsoCallbackPage = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss') ?? '';
  const relayState = params.get('relay_state');
  const missing = !relayState && (!code || !state);
  const sent = useRef(false);
  const { pending, loginError } = useSelector(selectSso, sameSso);

  useEffect(() => {
    // Once per visit: React's development double effect must not send the code twice.
    if (sent.current || missing) return;
    sent.current = true;
    if (relayState) dispatch({ type: 'session/finishOrganizationSaml', relayState });
    else dispatch({ type: 'session/finishOrganizationSso', code: code!, state: state!, iss });
  }, [code, state, iss, relayState, missing, dispatch]);

  return (
    <section aria-labelledby="org-sso-heading" className="stack">
      <h1 id="org-sso-heading">{t('org_sso_title')}</h1>
      {missing ? (
        <p role="alert" className="form-error">
          {t('org_sso_cancelled')}
        </p>
      ) : pending && !loginError ? (
        <p role="status">{t('signing_in')}</p>
      ) : (
        <SsoError />
      )}
      <Link to="/login">{t('back_to_login')}</Link>
    </section>
  );
};
