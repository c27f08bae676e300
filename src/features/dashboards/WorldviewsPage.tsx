import type { Distribution, StatTree } from '../../../domain/contracts/stats';
import { STATISTICS_ON_PAGES } from '../../../domain/stats/catalogue';
import { Tree } from '../charts/Tree';
import { DistributionChart } from './StatCard';
import { PageCards } from './PageCards';
import { PageToolbar } from './PageToolbar';

export const WorldviewsPage = ({ page }: { page: string }) => (
  <div className="dashboard-page">
    <PageToolbar panel="worldviews" page={page} />
    <PageCards
      page={page}
      statistics={STATISTICS_ON_PAGES.worldviews}
      charts={{
        'worldview.worldviews': { draw: (d: Distribution, title: string) => <DistributionChart title={title} data={d} /> },
        'worldview.tree': { draw: (d: StatTree, title: string) => <Tree title={title} data={d} />, wide: true },
      }}
    />
  </div>
);
