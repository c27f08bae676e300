import type { CrossTable, Distribution } from '../../../domain/contracts/stats';
import { STATISTICS_ON_PAGES } from '../../../domain/stats/catalogue';
import { StackedBar } from '../charts/StackedBar';
import { Pyramid } from '../charts/Pyramid';
import { transpose } from '../charts/format';
import { CountFigure, DistributionChart } from './StatCard';
import { PageCards, StatisticCard } from './PageCards';
import { PageToolbar } from './PageToolbar';

const ring = { draw: (d: Distribution, title: string) => <DistributionChart title={title} data={d} /> };
const genderRing = { draw: (d: Distribution, title: string) => <DistributionChart title={title} data={d} genders /> };

// The core questions first (the catalogue's order): gender, age, position, education, disability
// (SPEC demographic/row-one to row-five), sexual orientation.
export const DemographicsPage = ({ page }: { page: string }) => (
  <div className="dashboard-page">
    <PageToolbar panel="demographics" page={page} />
    <PageCards
      page={page}
      statistics={STATISTICS_ON_PAGES.demographics}
      // The page's respondents, said once: its charts print no total of their own (each would be its own, raised to hold its values).
      lead={<StatisticCard id="overview.totalRegistered" page={page} exportable={false}>{(d) => <CountFigure data={d} />}</StatisticCard>}
      charts={{
        'demographic.rowOne': genderRing,
        'overview.genderAgeRange': { draw: (d: CrossTable, title: string) => <Pyramid title={title} data={transpose(d)} />, wide: true },
        'demographic.rowTwo': ring,
        'demographic.rowThree': ring,
        'demographic.rowFour': ring,
        'demographic.rowFive': ring,
        'demographic.lgbtiq': ring,
        'demographic.birthContinent': ring,
        'demographic.womanManager': genderRing,
        'demographic.highschoolCompletion': ring,
        'demographic.statePerGender': { draw: (d: CrossTable, title: string) => <StackedBar title={title} data={transpose(d)} genders max={15} />, wide: true },
      }}
    />
  </div>
);
