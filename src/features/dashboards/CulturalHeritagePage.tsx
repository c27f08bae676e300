import { useTranslation } from 'react-i18next';
import { Bar } from '../charts/Bar';
import { Tree } from '../charts/Tree';
import { DistributionChart, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const CulturalHeritagePage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="cultural-heritage" />
      <div className="chart-grid">
        <StatCard name="statEthnicityEthnicities" title={t('stat.ethnicity.ethnicities')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statEthnicityCulturalFamilies" title={t('stat.ethnicity.cultural_families')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statEthnicityEthnicRegions" title={t('stat.ethnicity.ethnic_regions')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statEthnicityTree" title={t('stat.ethnicity.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
