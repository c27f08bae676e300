import { useTranslation } from '../../hooks/translation';
import { CountFigure, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';
import { BadgesCard } from './BadgesCard';
import { DiversityIndexCard } from './DiversityIndexCard';
import { UpcomingCard } from '../calendar/UpcomingCard';
import { ParticipationCard } from './ParticipationCard';

/** Home: the headline counts, each its own card. */
export const HomePage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar page={page} />
      <div className="stat-grid">
        <StatCard name="statHomeTotalRegistered" title={t('stat.home.total_registered')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
        <StatCard name="statHomeTotalGroupSubgroup" title={t('stat.home.total_group_subgroup')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
        <StatCard name="statHomeTotalBirthCountry" title={t('stat.home.total_birth_country')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
        <StatCard name="statHomeTotalLanguage" title={t('stat.home.total_language')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
        <StatCard name="statHomeTotalWorldview" title={t('stat.home.total_worldview')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
        <StatCard name="statHomeTotalEthnicity" title={t('stat.home.total_ethnicity')} page={page}>{(d) => <CountFigure data={d} />}</StatCard>
      </div>
      <DiversityIndexCard page={page} />
      <BadgesCard page={page} />
      <ParticipationCard page={page} />
      <UpcomingCard />
    </div>
  );
};
