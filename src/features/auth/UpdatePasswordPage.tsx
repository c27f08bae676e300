import { useCallback } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Link, useNavigate } from 'react-router-dom';
import type { AppState } from '../../../domain/app/state';
import { useSelector } from '../../hooks/runtime';
import { ChangePasswordForm } from '../account/ChangePasswordForm';

const selectPasswordExpired = (s: AppState) => s.session.passwordExpired;

/** For a person whose password expired: they sign in, then must change it here first. */
export const UpdatePasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const expired = useSelector(selectPasswordExpired);
  const done = useCallback(() => navigate('/dashboard'), [navigate]);

  if (!expired) {
    return (
      <section aria-labelledby="update-password-heading" className="stack">
        <h1 id="update-password-heading">{t('update_password_title')}</h1>
        <p>{t('update_password_not_needed')}</p>
        <Link to="/login">{t('login')}</Link>
      </section>
    );
  }

  return (
    <section aria-labelledby="update-password-heading" className="stack">
      <h1 id="update-password-heading">{t('update_password_title')}</h1>
      <p className="form-intro">{t('password_expired_intro')}</p>
      <ChangePasswordForm onDone={done} />
    </section>
  );
};
