import { lazy, Suspense } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Bar } from '../charts/Bar';
import { Tree } from '../charts/Tree';
import { DistributionChart, HeadlineFigures, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

// The map brings d3-geo and a 100 KB topology: loaded only when its card has figures to draw.
const CountryMap = lazy(() => import('../charts/CountryMap').then((module) => ({ default: module.CountryMap })));

export const CountryBirthPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="country-birth" page={page} />
      <div className="stat-grid">
        <StatCard name="statCountryRowOne" title={t('stat.country.row_one')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statCountryRowTwo" title={t('stat.country.row_two')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statCountryRowThree" title={t('stat.country.row_three')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
      </div>
      <div className="chart-grid">
        <StatCard name="statCountryCountries" title={t('stat.country.countries')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statCountryCountries" title={t('stat.country.map')} page={page} wide shared>
          {(d, title) => (
            <Suspense fallback={<p className="stat-loading">{t('loading')}</p>}>
              <CountryMap title={title} data={d} />
            </Suspense>
          )}
        </StatCard>
        <StatCard name="statCountryTree" title={t('stat.country.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
        <StatCard name="statCountryParentGrandparent" title={t('stat.country.parent_grandparent')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
