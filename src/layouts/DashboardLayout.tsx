import { Outlet } from 'react-router-dom';
import { useTranslation } from '../hooks/translation';
import { Sidebar } from '../features/shell/Sidebar';
import { ViewAsBarLater } from '../features/shell/ViewAsBarLater';
import { LanguageSelectLater } from '../components/LanguageSelectLater';
import { AccountLanguageOffer } from '../components/AccountLanguageOffer';
import { PackageEndedRedirect } from '../app/guards';

const UPGRADE_ACCOUNT_PATH = '/dashboard/upgrade-account';

export const DashboardLayout = () => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-layout">
      <PackageEndedRedirect to={UPGRADE_ACCOUNT_PATH} />
      <a className="skip-link" href="#dashboard-main">
        {t('skip_to_content')}
      </a>
      <Sidebar />
      <main id="dashboard-main" className="dashboard-main" tabIndex={-1}>
        <div className="dashboard-topbar">
          <ViewAsBarLater />
          <LanguageSelectLater className="compact" />
        </div>
        <AccountLanguageOffer />
        <Outlet />
      </main>
    </div>
  );
};
