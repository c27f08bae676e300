import { useTranslation } from '../../hooks/translation';
import { Bar } from '../charts/Bar';
import { StackedBar } from '../charts/StackedBar';
import { Tree } from '../charts/Tree';
import { transpose } from '../charts/format';
import { DistributionChart, HeadlineFigures, StatCard } from './StatCard';
import { PageToolbar } from './PageToolbar';

export const LanguagesPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  return (
    <div className="dashboard-page">
      <PageToolbar panel="languages" page={page} />
      <div className="stat-grid">
        <StatCard name="statLanguageRowOne" title={t('stat.language.row_one')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statLanguageRowTwo" title={t('stat.language.row_two')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
        <StatCard name="statLanguageRowThree" title={t('stat.language.row_three')} page={page}>{(d) => <HeadlineFigures data={d} />}</StatCard>
      </div>
      <div className="chart-grid">
        {/* Each figure drawn once: the most-common lists are the top of the distributions below; one language or several
            (language/monolingual, language/multilingual) is the headline above and the "1" of languages known per person;
            the continent → zone → language tree holds the zone → language one. */}
        <StatCard name="statLanguageLanguages" title={t('stat.language.languages')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statLanguageNative" title={t('stat.language.native')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statLanguageZones" title={t('stat.language.zones')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statLanguageTotalKnown" title={t('stat.language.total_known')} page={page}>
          {(d, title) => <DistributionChart title={title} data={d} />}
        </StatCard>
        <StatCard name="statLanguageListLevel" title={t('stat.language.list_level')} page={page}>
          {(d, title) => <Bar title={title} data={d} />}
        </StatCard>
        <StatCard name="statLanguageMicroZones" title={t('stat.language.micro_zones')} page={page}>
          {(d, title) => <Bar title={title} data={d} max={15} />}
        </StatCard>
        <StatCard name="statLanguageListGender" title={t('stat.language.list_gender')} page={page} wide>
          {(d, title) => <StackedBar title={title} data={transpose(d)} genders max={15} />}
        </StatCard>
        <StatCard name="statLanguageListZoneGender" title={t('stat.language.list_zone_gender')} page={page} wide>
          {(d, title) => <StackedBar title={title} data={transpose(d)} genders max={15} />}
        </StatCard>
        <StatCard name="statLanguageListMacrozoneGender" title={t('stat.language.list_macrozone_gender')} page={page} wide>
          {(d, title) => <StackedBar title={title} data={transpose(d)} genders max={15} />}
        </StatCard>
        <StatCard name="statLanguageTreeParticipant" title={t('stat.language.tree_participant')} page={page} wide>
          {(d, title) => <Tree title={title} data={d} />}
        </StatCard>
      </div>
    </div>
  );
};
