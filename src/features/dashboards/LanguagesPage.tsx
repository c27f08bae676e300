import { useTranslation } from 'react-i18next';
import { Bar } from '../charts/Bar';
import { Tree } from '../charts/Tree';
import { DistributionChart, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const LanguagesPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="languages" />
      <div className="chart-grid">
        <StatCard name="statLanguageLanguages" title={t('stat.language.languages')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statLanguageNative" title={t('stat.language.native')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statLanguageMonolingual" title={t('stat.language.monolingual')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statLanguageMultilingual" title={t('stat.language.multilingual')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statLanguageZones" title={t('stat.language.zones')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statLanguageTree" title={t('stat.language.tree')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
