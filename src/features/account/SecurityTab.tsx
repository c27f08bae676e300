import { useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSection } from './TwoFactorSection';

export const SecurityTab = () => {
  const { t } = useTranslation();
  // While a two-factor change waits for its code, the password form waits too: two "Security
  // code" fields on one page, fed by one emailed code, leave the person guessing which is which.
  const [twoFactorPending, setTwoFactorPending] = useState(false);
  return (
    <div className="settings-sections">
      <section aria-labelledby="change-password-heading" className="stack narrow">
        <h2 id="change-password-heading">{t('change_password')}</h2>
        <ChangePasswordForm paused={twoFactorPending} />
      </section>
      <TwoFactorSection onPendingChange={setTwoFactorPending} />
    </div>
  );
};
