import { Fragment, type ReactNode } from 'react';
import type { Count, Headline } from '../../../domain/contracts/statistics';
import type { SectionData } from '../../../domain/resources/sections';
import { type StatisticSectionName, type StatisticsSectionName, statisticSectionName } from '../../../domain/resources/sections/statistics';
import { type CardStatisticId, statisticRow } from '../../../domain/stats/catalogue';
import { type ChartStatisticId, isCountStatistic, isFigureStatistic } from '../../../domain/stats/pageFigures';
import type { MessageKey } from '../../../domain/i18n/en';
import { useTranslation } from '../../hooks/translation';
import { CountFigure, HeadlineFigures, StatCard } from './StatCard';

type DataOf<Id extends CardStatisticId> = SectionData<StatisticSectionName<Id> & StatisticsSectionName>;

/**
 * The card of one catalogue statistic (domain/stats/catalogue.ts): its section and its title come
 * from the catalogue's row, so a page names the statistic only by its id.
 */
export const StatisticCard = <Id extends CardStatisticId>({
  id, titleKey, children, ...card
}: {
  id: Id;
  /** Another title than the catalogue's (the same figure drawn a second way). */
  titleKey?: MessageKey;
  page: string;
  wide?: boolean;
  shared?: boolean;
  exportable?: boolean;
  children: (data: DataOf<Id>, title: string) => ReactNode;
}) => {
  const { t } = useTranslation();
  const name = statisticSectionName(id) as StatisticsSectionName;
  const title = t(titleKey ?? (statisticRow(id).title as MessageKey));
  return <StatCard {...card} name={name} title={title}>{children as (data: SectionData<StatisticsSectionName>, title: string) => ReactNode}</StatCard>;
};

/** How a page draws one of its charts. */
export interface ChartDrawing<Id extends CardStatisticId> {
  readonly draw: (data: DataOf<Id>, title: string) => ReactNode;
  readonly wide?: boolean;
  /** A card drawn right after this one (the same figure shown another way; it adds no export card). */
  readonly followedBy?: ReactNode;
}

/** A drawing for every chart of the page's list (its figures draw themselves): the type checker asks for each. */
export type ChartDrawings<Ids extends readonly CardStatisticId[]> = { readonly [Id in Ids[number] & ChartStatisticId]: ChartDrawing<Id> };

const FigureCard = ({ id, page }: { id: CardStatisticId; page: string }) => (
  <StatisticCard id={id} page={page}>
    {(data) => (isCountStatistic(id) ? <CountFigure data={data as Count} /> : <HeadlineFigures data={data as Headline} />)}
  </StatisticCard>
);

/**
 * A dashboard page's cards, in the order of its list in STATISTICS_ON_PAGES: the figures in the
 * page's stat grid, then the charts in its chart grid (each list holds its figures first:
 * tests/domain/exportCards.test.ts). A grid with no card is left out.
 */
export const PageCards = <Ids extends readonly CardStatisticId[]>({
  page, statistics, charts, lead,
}: {
  page: string;
  statistics: Ids;
  charts: ChartDrawings<Ids>;
  /** Cards before the page's figures that add no export card of their own. */
  lead?: ReactNode;
}) => {
  const drawings = charts as Readonly<Record<string, ChartDrawing<CardStatisticId>>>;
  const figures = statistics.filter(isFigureStatistic);
  const drawn = statistics.filter((id) => !isFigureStatistic(id));
  return (
    <>
      {(lead !== undefined || figures.length > 0) && (
        <div className="stat-grid">
          {lead}
          {figures.map((id) => <FigureCard key={id} id={id} page={page} />)}
        </div>
      )}
      {drawn.length > 0 && (
        <div className="chart-grid">
          {drawn.map((id) => {
            const { draw, wide = false, followedBy } = drawings[id]!;
            return (
              <Fragment key={id}>
                <StatisticCard id={id} page={page} wide={wide}>{draw}</StatisticCard>
                {followedBy}
              </Fragment>
            );
          })}
        </div>
      )}
    </>
  );
};
