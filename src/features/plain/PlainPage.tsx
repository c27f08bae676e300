import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { MessageKey } from '../../../domain/i18n/en';

export interface PlainPageInfo {
  readonly path: string;
  readonly titleKey: MessageKey;
}

/** The check and certificate pages of SPEC section 2; each opens from a link with a token. */
export const PLAIN_PAGES: readonly PlainPageInfo[] = [
  { path: '/check-invitation', titleKey: 'check_invitation' },
  { path: '/certificate', titleKey: 'certificate' },
  { path: '/check-activation-assignee', titleKey: 'check_activation_assignee' },
  { path: '/delete-survey', titleKey: 'delete_survey' },
  { path: '/check-activation', titleKey: 'check_activation' },
  { path: '/check-edit-survey', titleKey: 'check_edit_survey' },
  { path: '/check-department-invitation', titleKey: 'check_department_invitation' },
  { path: '/invalid-invitation-token', titleKey: 'invalid_invitation_token' },
];

export const PlainPage = ({ page }: { page: PlainPageInfo }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invalidLink = page.path === '/invalid-invitation-token';
  return (
    <section aria-labelledby="plain-heading" className="stack narrow">
      <h1 id="plain-heading">{t(page.titleKey)}</h1>
      <p>
        {invalidLink ? t('invalid_invitation_token_help') : params.get('token') ? t('not_available_yet') : t('page_pending')}
      </p>
    </section>
  );
};
