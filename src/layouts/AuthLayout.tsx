import { Outlet } from 'react-router-dom';
import { useTranslation } from '../hooks/translation';
import { BrandHeader } from '../components/BrandHeader';
import { LanguageSelectLater } from '../components/LanguageSelectLater';

/** Guest pages: the brand and one card in the middle of the page. */
export const AuthLayout = () => {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <BrandHeader name={t('app_name')}>
        <LanguageSelectLater className="compact" />
      </BrandHeader>
      <main className="auth-card">
        <Outlet />
      </main>
    </div>
  );
};
