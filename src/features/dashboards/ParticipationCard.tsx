import { useId } from 'react';
import { participationShare } from '../../../domain/stats/participation';
import { enHomeParticipation } from '../../../domain/i18n/en.homeParticipation';
import { useBuiltInTexts, useTranslation } from '../../hooks/translation';
import { useSection } from '../../hooks/resources';
import { useNumbers } from '../charts/useNumbers';

/**
 * Home's participation card (issue 29): the most recent running or closed campaign, its invited
 * people and those who answered (a released figure, hidden below the threshold), with the share.
 * The server picks the campaign and releases the figures GET /campaigns/participation gives it;
 * without a campaign (or for a role that runs none) the section is empty and the card is absent.
 * Its English comes with the home page's chunk, not the dashboards' first load.
 */
export const ParticipationCard = ({ page }: { page: string }) => {
  useBuiltInTexts(enHomeParticipation);
  const { t } = useTranslation();
  const n = useNumbers();
  const headingId = useId();
  const section = useSection('latestParticipation', {}, page);
  // A reload keeps the last figures on screen; no campaign (empty) or a failed read shows no card.
  if (section.data === null || section.status === 'empty' || section.status === 'error') return null;
  const { campaign, participation } = section.data;
  const { invited, answered } = participation.total;
  const share = participationShare(invited, answered);
  const threshold = participation.threshold;
  return (
    <section className="card stat-card" aria-labelledby={headingId} data-section="latestParticipation" data-testid="home-participation">
      <h2 id={headingId}>{t('home_participation_title')}</h2>
      <p className="muted">{t('home_participation_campaign', { name: campaign.name })}</p>
      <dl className="stat-headline">
        <div>
          <dt>{t('home_participation_invited')}</dt>
          <dd className="stat-figure">{n.count(invited)}</dd>
        </div>
        <div>
          <dt>{t('home_participation_answered')}</dt>
          <dd className="stat-figure">{answered === null ? <span className="stat-withheld">{t('home_participation_hidden', { threshold })}</span> : n.count(answered)}</dd>
        </div>
        {share !== null && (
          <div>
            <dt>{t('home_participation_share')}</dt>
            <dd className="stat-figure">{n.percent(share)}</dd>
          </div>
        )}
      </dl>
      <p className="muted small">{t('home_participation_note', { threshold })}</p>
    </section>
  );
};
