import { STATISTICS_ON_PAGES } from '../../../domain/stats/catalogue';
import { PageCards } from './PageCards';
import { PageToolbar } from './PageToolbar';
import { BadgesCard } from './BadgesCard';
import { DiversityIndexCard } from './DiversityIndexCard';
import { UpcomingCard } from '../calendar/UpcomingCard';
import { ParticipationCard } from './ParticipationCard';

/** Home: the headline counts, each its own card. */
export const HomePage = ({ page }: { page: string }) => (
  <div className="dashboard-page">
    <PageToolbar page={page} />
    <PageCards page={page} statistics={STATISTICS_ON_PAGES.home} charts={{}} />
    <DiversityIndexCard page={page} />
    <BadgesCard page={page} />
    <ParticipationCard page={page} />
    <UpcomingCard />
  </div>
);
