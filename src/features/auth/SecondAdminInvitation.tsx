import { useEffect } from 'react';
import type { InvitationCheck } from '../../../domain/contracts/members';
import { useAction } from '../../hooks/resources';
import { useTranslation } from '../../hooks/translation';
import { OrganizationSignInButton } from './OrganizationSignInButton';

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

/**
 * "SSO required": the second administrator signs in (and so accepts the invitation) through the
 * organisation's provider; the server refuses a password here, so no password form is offered.
 */
export const SecondAdminThroughOrganization = ({ invitation }: { invitation: InvitationCheck }) => {
  const { t } = useTranslation();
  return (
    <>
      <p className="notice">{t('second_admin_sso_required', { email: invitation.email })}</p>
      <OrganizationSignInButton email={invitation.email} />
    </>
  );
};
