import type * as t from 'io-ts';
import type { KeyFactPage as KeyFactPageCodec } from '../../../domain/contracts/statistics';
import type { Release } from '../../../domain/stats';
import { type StatisticsFigures, type StatsRequest, cellOf, shownValues, top } from './figures';
import * as topics from './topics';

type KeyFactPage = t.TypeOf<typeof KeyFactPageCodec>;

/**
 * The key facts of a dashboard page (`GET /key-facts?page=`): short sentences from released
 * figures only. A fact whose figure is not released is not said.
 */

type Fact = Promise<string | null>;

const facts = (figures: StatisticsFigures, req: StatsRequest, respondents: number) => {
  const mostCommon = async (topic: topics.Topic, what: string): Fact => {
    const cell = top(await figures.distributionOf(req, topic));
    return cell ? `The most common ${what} is ${cell.label} (${cell.percent}%).` : null;
  };
  const distinct = async (topic: topics.Topic, what: string): Fact => {
    const count = shownValues(await figures.distributionOf(req, topic));
    return count > 1 ? `${count} ${what} are represented.` : null;
  };
  /** A sentence about the share of one released cell. */
  const share = async (topic: topics.Topic, key: string, sentence: (percent: number) => string): Fact => {
    const cell = cellOf(await figures.distributionOf(req, topic), key);
    return cell ? sentence(cell.percent) : null;
  };
  const answered = async (): Fact => `${respondents} people have answered the survey.`;
  const groups = async (): Fact => {
    const count = await figures.groupCount(req);
    return count > 0 ? `You can see ${count} groups and sub-groups.` : null;
  };
  const byPage: Record<KeyFactPage, () => Fact[]> = {
    overview: () => [
      answered(),
      share(topics.bornCountryRegistration, 'other', (percent) => `${percent}% were born outside the country of registration.`),
      share(topics.tertiaryEducation, 'tertiary', (percent) => `${percent}% hold a tertiary qualification.`),
    ],
    languages: () => [
      mostCommon(topics.languages, 'language'),
      distinct(topics.languages, 'languages'),
      share(topics.languageCount, 'multilingual', (percent) => `${percent}% speak more than one language.`),
    ],
    worldviews: () => [mostCommon(topics.worldviews, 'worldview'), distinct(topics.worldviews, 'worldviews')],
    country: () => [
      mostCommon(topics.countryBirth, 'country of birth'),
      distinct(topics.countryBirth, 'countries of birth'),
      share(topics.migrationGeneration, 'second', (percent) => `${percent}% were born here to a parent born abroad.`),
    ],
    ethnicity: () => [
      mostCommon(topics.ethnicities, 'cultural heritage'),
      distinct(topics.ethnicities, 'cultural heritages'),
      share(topics.heritageCount, 'several_heritages', (percent) => `${percent}% name more than one cultural heritage.`),
    ],
    demographics: () => [mostCommon(topics.generation, 'generation'), mostCommon(topics.positionLevel, 'position level')],
    coordinator: () => [answered(), groups()],
  };
  return byPage;
};

export const keyFactsOf = async (figures: StatisticsFigures, req: StatsRequest, page: KeyFactPage): Promise<Release<{ facts: string[] }>> => {
  const total = await figures.countOf(req);
  if (total.status !== 200) return total;
  const said = await Promise.all(facts(figures, req, total.data.count)[page]());
  return { status: 200, data: { facts: said.filter((fact): fact is string => fact !== null) } };
};
