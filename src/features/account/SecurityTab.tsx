import { useTranslation } from '../../hooks/translation';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSection } from './TwoFactorSection';

export const SecurityTab = () => {
  const { t } = useTranslation();
  return (
    <div className="settings-sections">
      <section aria-labelledby="change-password-heading" className="stack narrow">
        <h2 id="change-password-heading">{t('change_password')}</h2>
        <ChangePasswordForm />
      </section>
      <TwoFactorSection />
    </div>
  );
};
