import type { CrossTable, Distribution, StatTree } from '../../../domain/contracts/stats';
import { STATISTICS_ON_PAGES } from '../../../domain/stats/catalogue';
import { Bar } from '../charts/Bar';
import { StackedBar } from '../charts/StackedBar';
import { Tree } from '../charts/Tree';
import { transpose } from '../charts/format';
import { DistributionChart } from './StatCard';
import { PageCards } from './PageCards';
import { PageToolbar } from './PageToolbar';

const topFifteen = { draw: (d: Distribution, title: string) => <Bar title={title} data={d} max={15} /> };
const byGender = { draw: (d: CrossTable, title: string) => <StackedBar title={title} data={transpose(d)} genders max={15} />, wide: true };

// Each figure drawn once: the most-common lists are the top of the distributions below; one language or several
// (language/monolingual, language/multilingual) is the headline above and the "1" of languages known per person;
// the continent → zone → language tree holds the zone → language one (RETIRED_STATISTICS in the catalogue).
export const LanguagesPage = ({ page }: { page: string }) => (
  <div className="dashboard-page">
    <PageToolbar panel="languages" page={page} />
    <PageCards
      page={page}
      statistics={STATISTICS_ON_PAGES.languages}
      charts={{
        'language.languages': topFifteen,
        'language.native': topFifteen,
        'language.zones': topFifteen,
        'language.totalKnown': { draw: (d: Distribution, title: string) => <DistributionChart title={title} data={d} /> },
        'language.listLevel': { draw: (d: Distribution, title: string) => <Bar title={title} data={d} /> },
        'language.microZones': topFifteen,
        'language.listGender': byGender,
        'language.listZoneGender': byGender,
        'language.listMacrozoneGender': byGender,
        'language.treeParticipant': { draw: (d: StatTree, title: string) => <Tree title={title} data={d} />, wide: true },
      }}
    />
  </div>
);
