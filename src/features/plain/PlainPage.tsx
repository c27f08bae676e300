import { useTranslation } from '../../hooks/translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { MessageKey } from '../../../domain/i18n/en';
import { RequireInvitation } from '../../app/guards';
import type { InvitationCheckAction } from '../invitations/InvitationPage';
import { lazyNamed } from '../../app/lazyPage';

// The invitation pages' forms are a chunk of their own, fetched when such a link is opened.
const invitationPage = lazyNamed(() => import('../invitations/InvitationPage'), 'InvitationPage');
const InvitationPage = invitationPage.Page;
const certificatePage = lazyNamed(() => import('./CertificatePage'), 'CertificatePage');
const CertificatePage = certificatePage.Page;

export interface PlainPageInfo {
  readonly path: string;
  readonly titleKey: MessageKey;
  /** Invitation links: the check their token goes through before the person accepts. */
  readonly check?: InvitationCheckAction;
}

/** The check and certificate pages of SPEC section 2; each opens from a link with a token. */
export const PLAIN_PAGES: readonly PlainPageInfo[] = [
  { path: '/check-invitation', titleKey: 'check_invitation', check: 'checkInvitation' },
  { path: '/certificate', titleKey: 'certificate' },
  { path: '/check-activation-assignee', titleKey: 'check_activation_assignee', check: 'checkActivationAssignee' },
  { path: '/check-activation', titleKey: 'check_activation', check: 'checkActivation' },
  { path: '/check-department-invitation', titleKey: 'check_department_invitation', check: 'checkDepartmentInvitation' },
  { path: '/invalid-invitation-token', titleKey: 'invalid_invitation_token' },
];

export const PlainPage = ({ page }: { page: PlainPageInfo }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invalidLink = page.path === '/invalid-invitation-token';
  if (page.path === '/certificate') return <CertificatePage />;
  if (page.check) return <RequireInvitation><InvitationPage check={page.check} titleKey={page.titleKey} /></RequireInvitation>;
  return (
    <section aria-labelledby="plain-heading" className="stack narrow">
      <h1 id="plain-heading">{t(page.titleKey)}</h1>
      <p>
        {invalidLink ? t('invalid_invitation_token_help') : params.get('token') ? t('not_available_yet') : t('page_pending')}
      </p>
      {invalidLink && <Link to="/login">{t('login')}</Link>}
    </section>
  );
};
