import { useTranslation } from '../../hooks/translation';
import { StackedBar } from '../charts/StackedBar';
import { Pyramid } from '../charts/Pyramid';
import { transpose } from '../charts/format';
import { CountFigure, DistributionChart, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const DemographicsPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="demographics" page={page} />
      <div className="stat-grid">
        {/* The page's respondents, said once: its charts print no total of their own (each would be its own, raised to hold its values). */}
        <StatCard name="statOverviewTotalRegistered" title={t('stat.overview.total_registered')} page={page} exportable={false}>{(d) => <CountFigure data={d} />}</StatCard>
        <StatCard name="statDemographicPeopleLtc" title={t('stat.people_ltc')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
      </div>
      <div className="chart-grid">
        {/* The core questions first: gender, age, position, education, disability (SPEC demographic/row-one to row-five), sexual orientation. */}
        <StatCard name="statDemographicRowOne" title={t('stat.demographic.row_one')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} genders />}
        </StatCard>
        <StatCard name="statOverviewGenderAgeRange" title={t('stat.overview.gender_age_range')} page={page} wide>
          {(d, title) => <Pyramid title={title} data={transpose(d)} />}
        </StatCard>
        <StatCard name="statDemographicRowTwo" title={t('stat.demographic.row_two')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statDemographicRowThree" title={t('stat.demographic.row_three')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statDemographicRowFour" title={t('stat.demographic.row_four')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statDemographicRowFive" title={t('stat.demographic.row_five')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statDemographicLgbtiq" title={t('stat.demographic.lgbtiq')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statDemographicBirthContinent" title={t('stat.demographic.birth_continent')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statDemographicWomanManager" title={t('stat.demographic.woman_manager')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} genders />}
        </StatCard>
        <StatCard name="statDemographicHighschoolCompletion" title={t('stat.demographic.highschool_completion')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statDemographicStatePerGender" title={t('stat.demographic.state_per_gender')} page={page} wide>
          {(d, title) => <StackedBar title={title} data={transpose(d)} genders max={15} />}
        </StatCard>
      </div>
    </div>
  );
};
