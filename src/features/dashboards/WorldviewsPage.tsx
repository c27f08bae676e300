import { useTranslation } from 'react-i18next';
import { Tree } from '../charts/Tree';
import { DistributionChart, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const WorldviewsPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="worldviews" />
      <div className="chart-grid">
        <StatCard name="statWorldviewWorldviews" title={t('stat.worldview.worldviews')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statWorldviewTree" title={t('stat.worldview.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
