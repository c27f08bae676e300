import type { Distribution, StatTree } from '../../../domain/contracts/stats';
import { STATISTICS_ON_PAGES } from '../../../domain/stats/catalogue';
import { Bar } from '../charts/Bar';
import { Tree } from '../charts/Tree';
import { DistributionChart } from './StatCard';
import { PageCards } from './PageCards';
import { PageToolbar } from './PageToolbar';

const topFifteen = { draw: (d: Distribution, title: string) => <Bar title={title} data={d} max={15} /> };
const ring = { draw: (d: Distribution, title: string) => <DistributionChart title={title} data={d} /> };
const tree = { draw: (d: StatTree, title: string) => <Tree title={title} data={d} />, wide: true };

export const CulturalHeritagePage = ({ page }: { page: string }) => (
  <div className="dashboard-page">
    <PageToolbar panel="cultural-heritage" page={page} />
    <PageCards
      page={page}
      statistics={STATISTICS_ON_PAGES['cultural-heritage']}
      charts={{
        'ethnicity.ethnicities': topFifteen,
        'ethnicity.culturalFamilies': ring,
        'ethnicity.ethnicRegions': ring,
        'ethnicity.tree': tree,
        'ethnicity.cultureBelong': topFifteen,
        'ethnicity.cultureIdentity': topFifteen,
        'cultureBelong.tree': tree,
        'cultureIdentity.tree': tree,
        'appearance.appearances': ring,
        'appearance.tree': tree,
      }}
    />
  </div>
);
