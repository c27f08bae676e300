import { useTranslation } from '../../hooks/translation';
import { BADGE_THRESHOLD } from '../../../domain/contracts/statistics';
import { StatCard } from './StatCard';

/**
 * Home's badges (GET /general/badges): each earned when its released diversity index (a
 * pillar's, or the overall one) reaches the threshold; each says what earns it.
 */
export const BadgesCard = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <StatCard name="statGeneralBadges" title={t('badges_title')} page={page} wide exportable={false}>
      {(data) => (
        <ul className="award-list">
          {data.badges.map((badge) => (
            <li key={badge.key} className={badge.earned ? 'award earned' : 'award'} data-badge={badge.key}>
              <span className="award-mark" aria-hidden="true">{badge.earned ? '★' : '☆'}</span>
              <span>
                <strong>{t(`badge.${badge.key}`, { defaultValue: badge.key })}</strong>
                {' · '}
                {badge.earned ? t('badge_earned') : t('badge_not_earned')}
                <br />
                <span className="muted">{t(`badge_rule.${badge.key}`, { threshold: BADGE_THRESHOLD, defaultValue: '' })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </StatCard>
  );
};
