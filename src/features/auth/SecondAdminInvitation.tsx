import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import type { InvitationCheck } from '../../../domain/contracts/members';
import { useAction } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useTranslation } from '../../hooks/translation';

/** What the second administrator's link (/login?second-admin-token=…) may show while its token is being checked. */
export type SecondAdminInvitation =
  | { readonly status: 'none' }
  | { readonly status: 'checking' }
  | { readonly status: 'checked'; readonly invitation: InvitationCheck | null };

/**
 * Checks the link's token like the other invitation pages (GET /check-activation takes every
 * account-creating kind), to learn whether the organisation requires single sign-on. A token
 * that no longer checks (already accepted: the link then signs in like /login) answers null.
 */
export const useSecondAdminInvitation = (token: string | null): SecondAdminInvitation => {
  const { state, submit } = useAction('checkActivation');
  useEffect(() => {
    // The token rides on the command only: actions keep their args out of every event.
    if (token) submit({}, { token });
  }, [submit, token]);
  if (!token) return { status: 'none' };
  if (state.status === 'idle' || state.status === 'pending') return { status: 'checking' };
  return { status: 'checked', invitation: state.status === 'done' ? state.data : null };
};

const selectSession = (s: AppState) => s.session;

/**
 * "SSO required": the second administrator signs in (and so accepts the invitation) through the
 * organisation's provider; the server refuses a password here, so no password form is offered.
 */
export const SecondAdminThroughOrganization = ({ invitation }: { invitation: InvitationCheck }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const session = useSelector(selectSession);
  const [sent, setSent] = useState(false);
  const start = () => {
    setSent(true);
    dispatch({ type: 'session/startOrganizationSso', email: invitation.email, returnTo: '' });
  };
  return (
    <>
      <p className="notice">{t('second_admin_sso_required', { email: invitation.email })}</p>
      {sent && session.loginError && <p role="alert" className="form-error">{t(session.loginError.message)}</p>}
      <div className="form-actions">
        <Button className="button primary" onPress={start} isDisabled={session.pending}>
          {sent && session.pending ? t('signing_in') : t('org_sso_title')}
        </Button>
      </div>
    </>
  );
};
