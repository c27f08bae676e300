import { useTranslation } from '../../hooks/translation';
import { Bar } from '../charts/Bar';
import { Pyramid } from '../charts/Pyramid';
import { transpose } from '../charts/format';
import { CountFigure, DistributionChart, HeadlineFigures, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const OverviewPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="overview" page={page} />
      <div className="stat-grid">
        <StatCard name="statOverviewRowOne" title={t('stat.overview.row_one')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statOverviewRowTwo" title={t('stat.overview.row_two')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statOverviewRowThree" title={t('stat.overview.row_three')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statOverviewTotalRegistered" title={t('stat.overview.total_registered')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
        <StatCard name="statOverviewPeopleLtc" title={t('stat.people_ltc')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
      </div>
      <div className="chart-grid">
        <StatCard name="statOverviewGenderAgeRange" title={t('stat.overview.gender_age_range')} page={page} wide>
          {(d, title) => <Pyramid title={title} data={transpose(d)} />}
        </StatCard>
        <StatCard name="statOverviewCountryBirth" title={t('stat.overview.country_birth')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={12} />}
        </StatCard>
        <StatCard name="statOverviewBornCountryRegistration" title={t('stat.overview.born_country_registration')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statOverviewTertiaryEducation" title={t('stat.overview.tertiary_education')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
