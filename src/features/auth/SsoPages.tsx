import { useEffect, useRef } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router-dom';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';

const selectSso = (s: AppState) => ({ pending: s.session.pending, loginError: s.session.loginError });
const sameSso = (a: ReturnType<typeof selectSso>, b: ReturnType<typeof selectSso>) => a.pending === b.pending && a.loginError === b.loginError;

const SsoError = () => {
  const { t } = useTranslation();
  const { loginError } = useSelector(selectSso, sameSso);
  return loginError ? <p role="alert" className="form-error">{t(loginError.message)}</p> : null;
};

/** /sso/amazon/login: leaves for Amazon's sign-in page. */
export const SsoStartPage = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { pending } = useSelector(selectSso, sameSso);
  return (
    <section aria-labelledby="sso-heading" className="stack">
      <h1 id="sso-heading">{t('sso_title')}</h1>
      <p>{t('sso_help')}</p>
      <SsoError />
      <Button className="button primary" isDisabled={pending} onPress={() => dispatch({ type: 'session/startSso' })}>
        {t('sso_continue')}
      </Button>
      <Link to="/login">{t('back_to_login')}</Link>
    </section>
  );
};

/** /sso/amazon/check-token: Amazon sends the person back here with a code and the state. */
export const SsoCheckTokenPage = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const sent = useRef(false);
  const { pending, loginError } = useSelector(selectSso, sameSso);

  useEffect(() => {
    // Once per visit: React's development double effect must not send the code twice.
    if (sent.current || !code || !state) return;
    sent.current = true;
    dispatch({ type: 'session/finishSso', code, state });
  }, [code, state, dispatch]);

  return (
    <section aria-labelledby="sso-heading" className="stack">
      <h1 id="sso-heading">{t('sso_title')}</h1>
      {!code || !state ? <p role="alert" className="form-error">{t('sso_cancelled')}</p> : pending && !loginError ? <p role="status">{t('signing_in')}</p> : <SsoError />}
      <Link to="/login">{t('back_to_login')}</Link>
    </section>
  );
};
