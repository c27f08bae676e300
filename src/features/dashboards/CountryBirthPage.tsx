import { lazy, Suspense } from 'react';
import type { Distribution, StatTree } from '../../../domain/contracts/stats';
import { STATISTICS_ON_PAGES } from '../../../domain/stats/catalogue';
import { useTranslation } from '../../hooks/translation';
import { Bar } from '../charts/Bar';
import { Tree } from '../charts/Tree';
import { DistributionChart } from './StatCard';
import { PageCards, StatisticCard } from './PageCards';
import { PageToolbar } from './PageToolbar';

// The map brings d3-geo and a 100 KB topology: loaded only when its card has figures to draw.
const CountryMap = lazy(() => import('../charts/CountryMap').then((module) => ({ default: module.CountryMap })));

export const CountryBirthPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  // The countries drawn a second way, as a map: the same section and export card as the bars.
  const map = (
    <StatisticCard id="country.countries" titleKey="stat.country.map" page={page} wide shared>
      {(d, title) => (
        <Suspense fallback={<p className="stat-loading">{t('loading')}</p>}>
          <CountryMap title={title} data={d} />
        </Suspense>
      )}
    </StatisticCard>
  );
  return (
    <div className="dashboard-page">
      <PageToolbar panel="country-birth" page={page} />
      <PageCards
        page={page}
        statistics={STATISTICS_ON_PAGES['country-birth']}
        charts={{
          'country.countries': { draw: (d: Distribution, title: string) => <Bar title={title} data={d} max={15} />, followedBy: map },
          'country.tree': { draw: (d: StatTree, title: string) => <Tree title={title} data={d} />, wide: true },
          'country.parentGrandparent': { draw: (d: Distribution, title: string) => <DistributionChart title={title} data={d} /> },
        }}
      />
    </div>
  );
};
