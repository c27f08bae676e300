import type { CrossTable, Distribution } from '../../../domain/contracts/stats';
import { STATISTICS_ON_PAGES } from '../../../domain/stats/catalogue';
import { Bar } from '../charts/Bar';
import { Pyramid } from '../charts/Pyramid';
import { transpose } from '../charts/format';
import { DistributionChart } from './StatCard';
import { PageCards } from './PageCards';
import { PageToolbar } from './PageToolbar';

const ring = { draw: (d: Distribution, title: string) => <DistributionChart title={title} data={d} /> };

export const OverviewPage = ({ page }: { page: string }) => (
  <div className="dashboard-page">
    <PageToolbar panel="overview" page={page} />
    <PageCards
      page={page}
      statistics={STATISTICS_ON_PAGES.overview}
      charts={{
        'overview.genderAgeRange': { draw: (d: CrossTable, title: string) => <Pyramid title={title} data={transpose(d)} />, wide: true },
        'overview.countryBirth': { draw: (d: Distribution, title: string) => <Bar title={title} data={d} max={12} /> },
        'overview.bornCountryRegistration': ring,
        'overview.tertiaryEducation': ring,
      }}
    />
  </div>
);
