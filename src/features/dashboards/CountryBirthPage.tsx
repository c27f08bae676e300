import { useTranslation } from 'react-i18next';
import { Bar } from '../charts/Bar';
import { Tree } from '../charts/Tree';
import { StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const CountryBirthPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="country-birth" />
      <div className="chart-grid">
        <StatCard name="statCountryCountries" title={t('stat.country.countries')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statCountryTree" title={t('stat.country.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
