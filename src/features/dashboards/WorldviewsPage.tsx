import { useTranslation } from '../../hooks/translation';
import { Tree } from '../charts/Tree';
import { DistributionChart, HeadlineFigures, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const WorldviewsPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="worldviews" page={page} />
      <div className="stat-grid">
        <StatCard name="statWorldviewRowOne" title={t('stat.worldview.row_one')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statWorldviewRowTwo" title={t('stat.worldview.row_two')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statWorldviewRowThree" title={t('stat.worldview.row_three')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
      </div>
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
