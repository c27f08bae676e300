import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useTranslation } from '../../hooks/translation';

const selectSession = (s: AppState) => s.session;

/**
 * "Sign in with your organisation" for an invited address under "SSO required": the provider's
 * sign-in accepts the invitation. A refusal is said above the button once it was pressed.
 */
export const OrganizationSignInButton = ({ email }: { email: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const session = useSelector(selectSession);
  const [sent, setSent] = useState(false);
  const start = () => {
    setSent(true);
    dispatch({ type: 'session/startOrganizationSso', email, returnTo: '' });
  };
  return (
    <>
      {sent && session.loginError && <p role="alert" className="form-error">{t(session.loginError.message)}</p>}
      <div className="form-actions">
        <Button className="button primary" onPress={start} isDisabled={session.pending}>
          {sent && session.pending ? t('signing_in') : t('org_sso_title')}
        </Button>
      </div>
    </>
  );
};
