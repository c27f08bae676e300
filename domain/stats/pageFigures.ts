import { Count, Headline } from '../contracts/statisticsData';
import { type CardStatisticId, type StatisticData, statisticRow } from './catalogue';

/**
 * A dashboard page draws its cards in two grids: first its figures (a count, a row of named
 * counts), each as numbers, then its charts, each drawn as the page says. Which grid a card
 * goes in follows from its data codec in the catalogue.
 */
export type FigureStatisticId = { [Id in CardStatisticId]: StatisticData<Id> extends Count | Headline ? Id : never }[CardStatisticId];
export type ChartStatisticId = Exclude<CardStatisticId, FigureStatisticId>;

export const isFigureStatistic = (id: CardStatisticId): id is FigureStatisticId => {
  const { data } = statisticRow(id);
  return data === Count || data === Headline;
};

/** Whether a statistic's figure is a count (drawn as one number) rather than a row of named counts. */
export const isCountStatistic = (id: CardStatisticId): boolean => statisticRow(id).data === Count;
