import { useTranslation } from '../../hooks/translation';
import { Bar } from '../charts/Bar';
import { Tree } from '../charts/Tree';
import { DistributionChart, HeadlineFigures, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const CulturalHeritagePage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="cultural-heritage" page={page} />
      <div className="stat-grid">
        <StatCard name="statEthnicityRowOne" title={t('stat.ethnicity.row_one')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statEthnicityRowTwo" title={t('stat.ethnicity.row_two')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statEthnicityRowThree" title={t('stat.ethnicity.row_three')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
      </div>
      <div className="chart-grid">
        <StatCard name="statEthnicityEthnicities" title={t('stat.ethnicity.ethnicities')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statEthnicityCulturalFamilies" title={t('stat.ethnicity.cultural_families')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statEthnicityEthnicRegions" title={t('stat.ethnicity.ethnic_regions')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statEthnicityTree" title={t('stat.ethnicity.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
        <StatCard name="statEthnicityCultureBelong" title={t('stat.ethnicity.culture_belong')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statEthnicityCultureIdentity" title={t('stat.ethnicity.culture_identity')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statCultureBelongTree" title={t('stat.culture_belong.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
        <StatCard name="statCultureIdentityTree" title={t('stat.culture_identity.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
        <StatCard name="statAppearanceAppearances" title={t('stat.appearance.appearances')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statAppearanceTree" title={t('stat.appearance.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
