import { useTranslation } from '../../hooks/translation';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { MessageKey } from '../../../domain/i18n/en';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { DashboardTab } from './DashboardTab';

const TABS = ['profile', 'security', 'dashboard'] as const;
type SettingsTab = (typeof TABS)[number];
const TAB_LABELS: Record<SettingsTab, MessageKey> = {
  profile: 'settings_profile',
  security: 'settings_security',
  dashboard: 'settings_dashboard',
};

const isTab = (value: string | undefined): value is SettingsTab => TABS.includes(value as SettingsTab);

export const ACCOUNT_SETTINGS_PATH = '/dashboard/account-settings';

/** Account settings (profile, security, dashboard); the open tab lives in the address. */
export const AccountSettingsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = useParams();
  if (tab !== undefined && !isTab(tab)) return <Navigate to={ACCOUNT_SETTINGS_PATH} replace />;
  const selected: SettingsTab = tab ?? 'profile';
  const select = (key: Key) => {
    if (key !== selected) navigate(`${ACCOUNT_SETTINGS_PATH}/${String(key)}`);
  };

  return (
    <>
      <header className="page-header">
        <h1>{t('account_settings')}</h1>
      </header>
      <Tabs selectedKey={selected} onSelectionChange={select} className="settings-tabs">
        <TabList aria-label={t('account_settings')} className="tab-list">
          {TABS.map((id) => (
            <Tab key={id} id={id} className="tab">
              {t(TAB_LABELS[id])}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="profile" className="tab-panel">
          <ProfileTab />
        </TabPanel>
        <TabPanel id="security" className="tab-panel">
          <SecurityTab />
        </TabPanel>
        <TabPanel id="dashboard" className="tab-panel">
          <DashboardTab />
        </TabPanel>
      </Tabs>
    </>
  );
};
