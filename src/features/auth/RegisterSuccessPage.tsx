import { useTranslation } from '../../hooks/translation';
import { Link } from 'react-router-dom';
import type { AppState } from '../../../domain/app/state';
import { useSelector } from '../../hooks/runtime';

const selectRegisteredEmail = (s: AppState) => s.account.registeredEmail;

/** The head administrator's registration went through: they can sign in now. */
export const RegisterSuccessPage = () => {
  const { t } = useTranslation();
  const email = useSelector(selectRegisteredEmail);
  return (
    <section aria-labelledby="register-success-heading" className="stack">
      <h1 id="register-success-heading">{t('register_success_title')}</h1>
      <p>{email ? t('register_success_text', { email }) : t('register_success_text_plain')}</p>
      <Link to="/login" className="button primary">
        {t('login')}
      </Link>
    </section>
  );
};
