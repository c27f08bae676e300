import { useTranslation } from '../../hooks/translation';
import { PILLARS } from '../../../domain/contracts/stats';
import { StatCard } from './StatCard';

const index2 = (value: number) => value.toFixed(2);

/**
 * Home's diversity index (GET /general/mutuality-index): the overall figure and its four
 * pillars, the released figures the badges beside it are earned on. A pillar withheld for too
 * few answers says so rather than showing a number.
 */
export const DiversityIndexCard = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <StatCard name="statGeneralMutualityIndex" title={t('compare_index')} page={page} wide exportable={false}>
      {(data) => (
        <>
          <dl className="stat-headline diversity-index">
            <div data-pillar="overall">
              <dt>{t('diversity_index_overall')}</dt>
              <dd className="stat-figure">{index2(data.overall)}</dd>
            </div>
            {PILLARS.map((pillar) => {
              const figure = data.pillars.find((item) => item.pillar === pillar);
              return (
                <div key={pillar} data-pillar={pillar}>
                  <dt>{t(`compare_pillar.${pillar}`)}</dt>
                  <dd className={figure === undefined ? 'muted' : 'stat-figure'}>{figure === undefined ? t('diversity_index_pillar_withheld') : index2(figure.giniSimpson)}</dd>
                </div>
              );
            })}
          </dl>
          <p className="field-help">{t('diversity_index_help')}</p>
        </>
      )}
    </StatCard>
  );
};
