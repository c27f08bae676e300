import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BADGES, BADGE_THRESHOLD, KeyFactPage, type StatisticsEndpoint, statisticsEndpoints as E, statisticsMessages } from '../../../domain/contracts/statistics';
import type { CrossTable, DiversityIndex, Distribution, ReleasedCell, StatTree } from '../../../domain/contracts/stats';
import { isSuppressed } from '../../../domain/contracts/stats';
import type { Filters } from '../../../domain/filters/model';
import {
  type PillarInput,
  type Release,
  type Selection,
  pillarFromReleased,
  refused,
  releaseDiversity,
  selectionFromFilters,
  thresholdFor,
} from '../../../domain/stats';
import { EnvelopeReply, noContent, registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { AGE_BANDS, type StatsContext, lookupValues, periodOf, withSelection } from '../../services/statistics/population';
import { SelectionBudget } from '../../services/statistics/budget';
import * as topics from '../../services/statistics/topics';
import { departmentScopeOf } from '../../services/organization/scope';
import { invalidData } from '../../services/auth/errors';
import { statsMessages } from '../../../domain/contracts/stats';

interface Request {
  /** The caller's respondents: organisation, scope, date range and the dashboard filters (applied in SQL). */
  readonly context: StatsContext;
  readonly filters: Filters;
  readonly k: number;
}

const requestOf = async (app: FastifyInstance, request: FastifyRequest, filters: Filters): Promise<Request> => {
  const auth = authOf(request);
  const [scope, period] = await Promise.all([departmentScopeOf(app.db, auth), periodOf(app.db, auth.organization.id, filters['date-tag'])]);
  return {
    context: { organizationId: auth.organization.id, scope, period, year: new Date().getUTCFullYear(), selection: selectionFromFilters(filters, AGE_BANDS), by: [] },
    filters,
    k: thresholdFor(filters),
  };
};

/** The figures are counted over the selected respondents already: disclosure control releases them whole. */
const EVERYONE: Selection = {};

/** Headline items renamed (a cell key to the name the row shows). */
const renameItems =
  (names: Readonly<Record<string, string>>) =>
  <R extends Release<{ items: { key: string; value: number }[] }>>(release: R): R =>
    release.status === 200 ? ({ ...release, data: { items: release.data.items.map((item) => ({ ...item, key: names[item.key] ?? item.key })) } } as R) : release;

/** A released section, or the envelope's 204 with the reason. */
const answer = <T>(release: Release<T>): T | EnvelopeReply => (release.status === 200 ? release.data : noContent(release.message));

/** Values a released distribution shows (Prefer not to answer left out): what its chart draws. */
const shownValues = (release: Release<Distribution>): number =>
  release.status === 200 ? release.data.cells.filter((cell) => !isSuppressed(cell) && cell.count > 0 && cell.preferNot !== true).length : 0;

export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  const cache = app.statisticsCache;

  /** A topic's question over a context, with its population. */
  const questionOf = (context: StatsContext, topic: topics.Topic) =>
    cache.question(context, topic.name, () => topic.build(app.db, context), topic.countsPopulation === true);
  const distributionOf = async (req: Request, topic: topics.Topic): Promise<Release<Distribution>> => {
    const { population, question } = await questionOf(req.context, topic);
    return population.question(question).distribution(EVERYONE, req.k);
  };
  const treeOf = async (req: Request, topic: topics.Topic): Promise<Release<StatTree>> => {
    const { population, question } = await questionOf(req.context, topic);
    return population.question(question).tree(EVERYONE, req.k);
  };
  const countOf = async (req: Request, extra: Selection = {}, k = req.k): Promise<Release<{ count: number }>> => {
    const population = await cache.population(withSelection(req.context, extra));
    const guard = population.guard(EVERYONE, k);
    return 'ok' in guard ? { status: 200, data: { count: guard.total.value } } : guard;
  };
  /** Respondents with a long-term condition: a disability selection, so k is the special-category one. */
  const ltcOf = async (req: Request) => {
    if (req.filters.disability === 'no') return countOf(req, { disability: ['\u0000'] }, thresholdFor({ ...req.filters, disability: 'yes' }));
    return countOf(req, { disability: ['yes'] }, thresholdFor({ ...req.filters, disability: 'yes' }));
  };
  /** Distinct values with a released count; withheld with the selection itself. */
  const distinctOf = async (req: Request, topic: topics.Topic): Promise<Release<{ count: number }>> => {
    const release = await distributionOf(req, topic);
    return release.status === 200 ? { status: 200, data: { count: shownValues(release) } } : release;
  };
  const headline = async (req: Request, items: readonly (readonly [string, topics.Topic | null])[]) => {
    const total = await countOf(req);
    if (total.status !== 200) return total;
    const values = await Promise.all(items.map(async ([key, topic]) => ({ key, value: topic === null ? total.data.count : shownValues(await distributionOf(req, topic)) })));
    return { status: 200 as const, data: { items: values } };
  };
  /** Released counts of named cells of one distribution; a suppressed cell is left out. */
  const cellHeadline = async (req: Request, topic: topics.Topic, keys: readonly string[]) => {
    const release = await distributionOf(req, topic);
    if (release.status !== 200) return release;
    const items = keys.flatMap((key) => {
      const cell = cellOf(release, key);
      return cell === undefined ? [] : [{ key, value: cell.count }];
    });
    return { status: 200 as const, data: { items } };
  };
  /** The released values of a distribution, largest first, at most `limit`. */
  const mostCommonOf = async (req: Request, topic: topics.Topic, limit = 10): Promise<Release<Distribution>> => {
    const release = await distributionOf(req, topic);
    if (release.status !== 200) return release;
    const cells = release.data.cells
      .filter((cell): cell is ReleasedCell => !isSuppressed(cell) && cell.preferNot !== true && cell.count > 0)
      .sort((x, y) => y.count - x.count)
      .slice(0, limit);
    return { status: 200, data: { ...release.data, cells } };
  };
  const byGender = async (req: Request, topic: topics.Topic): Promise<Release<CrossTable>> => {
    const { population, question } = await questionOf(withSelection(req.context, {}, ['gender']), topic);
    return population.question(question).byDimension(EVERYONE, 'gender', req.k);
  };

  const groupCount = async (req: Request): Promise<number> => {
    const scope = req.context.scope;
    if (scope.kind === 'departments' && scope.ids.length === 0) return 0;
    const query = app.db.selectFrom('departments').select((eb) => eb.fn.countAll<number>().as('count')).where('organization_id', '=', req.context.organizationId);
    const row = await (scope.kind === 'organization' ? query : query.where('id', 'in', [...scope.ids])).executeTakeFirst();
    return Number(row?.count ?? 0);
  };

  /** The selection narrowed to managers (position level code 1), keeping a position filter's intersection. */
  const womanManager = async (req: Request): Promise<Release<Distribution>> => {
    const managers = (await lookupValues(app.db, 'position-levels')).filter((item) => item.code === '1').map((item) => String(item.id));
    const chosen = req.filters['position-level'];
    const positions = chosen === undefined || chosen.length === 0 ? managers : managers.filter((id) => chosen.includes(id));
    const { population, question } = await questionOf(withSelection(req.context, { 'position-level': positions.length > 0 ? positions : ['\u0000'] }), topics.gender);
    return population.question(question).distribution(EVERYONE, req.k);
  };

  const statePerGender = (req: Request): Promise<Release<CrossTable>> => byGender(req, topics.states);

  /** Perturbed number of people who gave any of the values `keep` accepts (a single-answer topic). */
  const answeredOf = async (req: Request, topic: topics.Topic, keep: (key: string, preferNot: boolean) => boolean): Promise<number | null> => {
    const { population, question } = await questionOf(req.context, topic);
    const release = population.question(question).union(EVERYONE, keep, req.k);
    return release.status === 200 ? release.data.count : null;
  };
  const answeredAny = (_key: string, preferNot: boolean) => !preferNot;

  /**
   * The organisation's diversity index from released figures only: each pillar's distribution
   * and the perturbed number of people who answered it (for languages and heritages, the people
   * who named at least one: the mono- and multilingual, those with one or several heritages).
   */
  const mutualityIndex = async (req: Request): Promise<Release<DiversityIndex>> => {
    const pillarOf = async (pillar: PillarInput['pillar'], topic: topics.Topic, counted: Promise<number | null>): Promise<PillarInput | Release<never>> => {
      const [release, answered] = await Promise.all([distributionOf(req, topic), counted]);
      if (release.status !== 200) return release;
      return pillarFromReleased(pillar, release.data, answered ?? 0, req.k);
    };
    const results = await Promise.all([
      pillarOf('country', topics.countryBirth, answeredOf(req, topics.countryBirth, answeredAny)),
      pillarOf('worldview', topics.worldviews, answeredOf(req, topics.worldviews, answeredAny)),
      pillarOf('heritage', topics.ethnicities, answeredOf(req, topics.heritageCount, answeredAny)),
      pillarOf('language', topics.languages, answeredOf(req, topics.languageCount, answeredAny)),
    ]);
    const pillars = results.filter((result): result is PillarInput => 'pillar' in result);
    if (pillars.length === 0) {
      const first = results[0] as Release<never>;
      return first.status === 204 ? first : releaseDiversity([], req.k);
    }
    return releaseDiversity(pillars, req.k);
  };

  const badges = async (req: Request) => {
    const index = await mutualityIndex(req);
    if (index.status !== 200) return index;
    const value = (of: string) => (of === 'overall' ? index.data.overall : index.data.pillars.find((pillar) => pillar.pillar === of)?.giniSimpson);
    return {
      status: 200 as const,
      data: { badges: Object.entries(BADGES).map(([key, of]) => ({ key, earned: (value(of) ?? 0) >= BADGE_THRESHOLD })) },
    };
  };

  /** The largest released value (Prefer not to answer left out). */
  const top = (release: Release<Distribution>): ReleasedCell | undefined =>
    release.status !== 200
      ? undefined
      : release.data.cells
          .filter((cell): cell is ReleasedCell => !isSuppressed(cell) && cell.preferNot !== true && cell.count > 0)
          .sort((x, y) => y.count - x.count)[0];
  const cellOf = (release: Release<Distribution>, key: string): ReleasedCell | undefined =>
    release.status !== 200 ? undefined : release.data.cells.find((cell): cell is ReleasedCell => cell.key === key && !isSuppressed(cell));

  const keyFacts = async (req: Request, page: string): Promise<Release<{ facts: string[] }>> => {
    const total = await countOf(req);
    if (total.status !== 200) return total;
    const facts: string[] = [];
    const mostCommon = async (topic: topics.Topic, what: string) => {
      const cell = top(await distributionOf(req, topic));
      if (cell) facts.push(`The most common ${what} is ${cell.label} (${cell.percent}%).`);
    };
    const distinct = async (topic: topics.Topic, what: string) => {
      const count = shownValues(await distributionOf(req, topic));
      if (count > 1) facts.push(`${count} ${what} are represented.`);
    };
    switch (page) {
      case 'overview': {
        facts.push(`${total.data.count} people have answered the survey.`);
        const elsewhere = cellOf(await distributionOf(req, topics.bornCountryRegistration), 'other');
        if (elsewhere) facts.push(`${elsewhere.percent}% were born outside the country of registration.`);
        const tertiary = cellOf(await distributionOf(req, topics.tertiaryEducation), 'tertiary');
        if (tertiary) facts.push(`${tertiary.percent}% hold a tertiary qualification.`);
        break;
      }
      case 'languages': {
        await mostCommon(topics.languages, 'language');
        await distinct(topics.languages, 'languages');
        const multi = cellOf(await distributionOf(req, topics.languageCount), 'multilingual');
        if (multi) facts.push(`${multi.percent}% speak more than one language.`);
        break;
      }
      case 'worldviews':
        await mostCommon(topics.worldviews, 'worldview');
        await distinct(topics.worldviews, 'worldviews');
        break;
      case 'country': {
        await mostCommon(topics.countryBirth, 'country of birth');
        await distinct(topics.countryBirth, 'countries of birth');
        const second = cellOf(await distributionOf(req, topics.migrationGeneration), 'second');
        if (second) facts.push(`${second.percent}% were born here to a parent born abroad.`);
        break;
      }
      case 'ethnicity': {
        await mostCommon(topics.ethnicities, 'cultural heritage');
        await distinct(topics.ethnicities, 'cultural heritages');
        const several = cellOf(await distributionOf(req, topics.heritageCount), 'several_heritages');
        if (several) facts.push(`${several.percent}% name more than one cultural heritage.`);
        break;
      }
      case 'demographics':
        await mostCommon(topics.generation, 'generation');
        await mostCommon(topics.positionLevel, 'position level');
        break;
      case 'coordinator': {
        facts.push(`${total.data.count} people have answered the survey.`);
        const groups = await groupCount(req);
        if (groups > 0) facts.push(`You can see ${groups} groups and sub-groups.`);
        break;
      }
    }
    return { status: 200, data: { facts } };
  };

  const budget = new SelectionBudget(app.config.statisticsSelectionsPerHour);
  /** The request, or the refusal when the organisation has asked too many different selections this hour. */
  const admitted = async (request: FastifyRequest, filters: Filters): Promise<Request | EnvelopeReply> => {
    const req = await requestOf(app, request, filters);
    return budget.allow(req.context, req.filters) ? req : noContent(refused().message);
  };
  const isRequest = (value: Request | EnvelopeReply): value is Request => !(value instanceof EnvelopeReply);

  const serve = <D>(endpoint: StatisticsEndpoint, compute: (req: Request) => Promise<Release<D>>) => (scope: FastifyInstance) =>
    registerEndpoint(scope, endpoint, async ({ request, query }) => {
      const req = await admitted(request, query as Filters);
      return isRequest(req) ? answer(await compute(req)) : req;
    });

  const routes: ((scope: FastifyInstance) => void)[] = [
    // home/
    serve(E.home.totalRegistered, (req) => countOf(req)),
    serve(E.home.totalBirthCountry, (req) => distinctOf(req, topics.countryBirth)),
    serve(E.home.totalWorldview, (req) => distinctOf(req, topics.worldviews)),
    serve(E.home.totalEthnicity, (req) => distinctOf(req, topics.ethnicities)),
    serve(E.home.totalLanguage, (req) => distinctOf(req, topics.languages)),
    serve(E.home.totalGroupSubgroup, async (req) => ({ status: 200, data: { count: await groupCount(req) } })),
    // overview/
    serve(E.overview.rowOne, (req) => headline(req, [['respondents', null]])),
    serve(E.overview.rowTwo, (req) => headline(req, [['countries', topics.countryBirth], ['languages', topics.languages]])),
    serve(E.overview.rowThree, (req) => headline(req, [['worldviews', topics.worldviews], ['heritages', topics.ethnicities]])),
    serve(E.overview.totalRegistered, (req) => countOf(req)),
    serve(E.overview.tertiaryEducation, (req) => distributionOf(req, topics.tertiaryEducation)),
    serve(E.overview.countryBirth, (req) => distributionOf(req, topics.countryBirth)),
    serve(E.overview.bornCountryRegistration, (req) => distributionOf(req, topics.bornCountryRegistration)),
    serve(E.overview.genderAgeRange, async (req) => (await cache.population(withSelection(req.context, {}, ['gender', 'age-range']))).crossTable(EVERYONE, 'gender', 'age-range', req.k)),
    serve(E.overview.peopleLtc, ltcOf),
    // country/
    serve(E.country.countries, (req) => distributionOf(req, topics.countryBirth)),
    serve(E.country.tree, (req) => treeOf(req, topics.countryTree)),
    serve(E.country.rowOne, (req) => headline(req, [['respondents', null], ['countries', topics.countryBirth]])),
    serve(E.country.rowTwo, (req) => headline(req, [['continents', topics.birthContinent], ['regions', topics.birthRegion]])),
    serve(E.country.rowThree, (req) => cellHeadline(req, topics.bornCountryRegistration, ['same', 'other']).then(renameItems({ same: 'born_here', other: 'born_abroad' }))),
    serve(E.country.parentGrandparent, (req) => distributionOf(req, topics.migrationGeneration)),
    // language/
    serve(E.language.languages, (req) => distributionOf(req, topics.languages)),
    serve(E.language.zones, (req) => distributionOf(req, topics.languageZones)),
    serve(E.language.tree, (req) => treeOf(req, topics.languageTree)),
    serve(E.language.native, (req) => distributionOf(req, topics.nativeLanguages)),
    serve(E.language.monolingual, (req) => distributionOf(req, topics.languageCount)),
    serve(E.language.multilingual, (req) => distributionOf(req, topics.languageCount)),
    serve(E.language.rowOne, (req) => headline(req, [['respondents', null], ['languages', topics.languages]])),
    serve(E.language.rowTwo, (req) => cellHeadline(req, topics.languageCount, ['monolingual', 'multilingual'])),
    serve(E.language.rowThree, (req) => headline(req, [['zones', topics.languageZones], ['native_languages', topics.nativeLanguages]])),
    serve(E.language.mostCommon, (req) => mostCommonOf(req, topics.languages)),
    serve(E.language.totalKnown, (req) => distributionOf(req, topics.languagesKnown)),
    serve(E.language.mostCommonZone, (req) => mostCommonOf(req, topics.languageZones)),
    serve(E.language.mostCommonMacrozone, (req) => mostCommonOf(req, topics.languageMacrozones)),
    serve(E.language.treeParticipant, (req) => treeOf(req, topics.languageParticipantTree)),
    serve(E.language.listGender, (req) => byGender(req, topics.languages)),
    serve(E.language.listZoneGender, (req) => byGender(req, topics.languageZones)),
    serve(E.language.listLevel, (req) => distributionOf(req, topics.languageLevels)),
    serve(E.language.listMacrozoneGender, (req) => byGender(req, topics.languageMacrozones)),
    serve(E.language.microZones, (req) => distributionOf(req, topics.languageMicrozones)),
    // worldview/
    serve(E.worldview.worldviews, (req) => distributionOf(req, topics.worldviews)),
    serve(E.worldview.tree, (req) => treeOf(req, topics.worldviewTree)),
    serve(E.worldview.rowOne, (req) => headline(req, [['respondents', null], ['worldviews', topics.worldviews]])),
    serve(E.worldview.rowTwo, (req) => headline(req, [['branches', topics.branches], ['denominations', topics.denominations]])),
    serve(E.worldview.rowThree, (req) => cellHeadline(req, topics.religiousAffiliation, ['religious', 'secular'])),
    serve(E.branch.branches, (req) => distributionOf(req, topics.branches)),
    serve(E.denomination.denominations, (req) => distributionOf(req, topics.denominations)),
    // ethnicity/
    serve(E.ethnicity.ethnicities, (req) => distributionOf(req, topics.ethnicities)),
    serve(E.ethnicity.culturalFamilies, (req) => distributionOf(req, topics.culturalFamilies)),
    serve(E.ethnicity.ethnicRegions, (req) => distributionOf(req, topics.ethnicRegions)),
    serve(E.ethnicity.tree, (req) => treeOf(req, topics.ethnicityTree)),
    serve(E.ethnicity.rowOne, (req) => headline(req, [['respondents', null], ['heritages', topics.ethnicities]])),
    serve(E.ethnicity.rowTwo, (req) => headline(req, [['cultural_families', topics.culturalFamilies], ['regions', topics.ethnicRegions]])),
    serve(E.ethnicity.rowThree, (req) => cellHeadline(req, topics.heritageCount, ['one_heritage', 'several_heritages'])),
    serve(E.ethnicity.cultureBelong, (req) => distributionOf(req, topics.cultureBelong)),
    serve(E.ethnicity.cultureIdentity, (req) => distributionOf(req, topics.cultureIdentity)),
    serve(E.cultureBelong.tree, (req) => treeOf(req, topics.cultureBelongTree)),
    serve(E.cultureIdentity.tree, (req) => treeOf(req, topics.cultureIdentityTree)),
    serve(E.appearance.appearances, (req) => distributionOf(req, topics.appearances)),
    serve(E.appearance.tree, (req) => treeOf(req, topics.appearanceTree)),
    // demographic/
    serve(E.demographic.birthContinent, (req) => distributionOf(req, topics.birthContinent)),
    serve(E.demographic.highschoolCompletion, (req) => distributionOf(req, topics.highschoolCompletion)),
    serve(E.demographic.peopleLtc, ltcOf),
    serve(E.demographic.rowOne, (req) => distributionOf(req, topics.gender)),
    serve(E.demographic.rowTwo, (req) => distributionOf(req, topics.generation)),
    serve(E.demographic.rowThree, (req) => distributionOf(req, topics.positionLevel)),
    serve(E.demographic.rowFour, (req) => distributionOf(req, topics.education)),
    serve(E.demographic.rowFive, (req) => distributionOf(req, topics.disability)),
    serve(E.demographic.womanManager, womanManager),
    serve(E.demographic.statePerGender, statePerGender),
    // general/
    serve(E.general.mutualityIndex, mutualityIndex),
    serve(E.general.badges, badges),
    (scope) =>
      registerEndpoint(scope, E.keyFacts, async ({ request, query }) => {
        const { page, ...filters } = query;
        if (page === undefined || page === '') return noContent(statisticsMessages.keyFactsPage);
        if (!KeyFactPage.is(page)) throw invalidData({ page: [statisticsMessages.keyFactsPage] });
        const req = await admitted(request, filters);
        if (!isRequest(req)) return req;
        const release = await keyFacts(req, page);
        if (release.status === 200 && release.data.facts.length === 0) return noContent(statsMessages.notEnoughData);
        return answer(release);
      }),
  ];

  await app.register(
    authenticated(async (scope) => {
      for (const route of routes) route(scope);
    }),
  );
};
