import type { Catalogue, CatalogueItem } from './catalogue';
import { AU_2021_ANCESTRY, AU_2021_COUNTRY_OF_BIRTH, AU_2021_INDIGENOUS_PCT, AU_2021_LANGUAGE_AT_HOME, AU_2021_RELIGION, type CensusCategory } from './census';
import { ANGLO_PROFILE, AUSTRALIAN_STATES, BRANCH_DENOMINATIONS, FAITH, INDIGENOUS_PROFILE, type NamePool, ORIGINS, type Origin, type Profile, RELIGION_SPLITS, type Weights } from './profiles';
import { weighted, type Weighted } from './random';
import { HERITAGE_PREFER_NOT, HERITAGE_SKIPPED } from './topics';

/**
 * The demo population as a mixture of backgrounds ("cells"), calibrated so that the whole
 * follows the census figures of server/demo/census.ts while each person's answers hang
 * together:
 * - migrant backgrounds (profiles of an origin country) in three generations: born there;
 *   born in Australia to parents born there; born in Australia with grandparents born there;
 * - Aboriginal and Torres Strait Islander people;
 * - Australian-born people of no recent migrant background ("anglo"), who take what is left.
 *
 * Country of birth follows the census by construction (first generations abroad, everyone
 * else in Australia). The ancestries carried by migrant backgrounds (Chinese, Italian,
 * Indian, Greek) size their third generation; each top-ten home language sizes the share of
 * the second generation that keeps it; the anglo cell's heritages (English, Australian, Irish,
 * Scottish, German) and its religion are the census total minus everyone else's. The model is
 * pure: the same catalogue gives the same cells.
 */

export type Generation = 1 | 2 | 3;

/** A worldview, branch and denomination answer. */
export interface Faith {
  readonly worldviewId: number;
  readonly branchId: number;
  readonly denominationId: number;
}

export interface Cell {
  readonly kind: 'migrant' | 'anglo' | 'indigenous';
  readonly generation: Generation;
  /** Country of the background (Australia for anglo and indigenous). */
  readonly originId: number;
  weight: number;
  /** The background's own language (null: English) and the chance it is the person's main language. */
  readonly languageId: number | null;
  homeRate: number;
  readonly alsoLanguages: ReadonlyArray<readonly [number, number]>;
  /** Heritage id and the probability a person of the cell who answers the question reports it. */
  heritages: ReadonlyArray<readonly [number, number]>;
  /**
   * The independent draws that give those probabilities once a person who drew none reports
   * the first heritage (so its own draw is lower).
   */
  heritageDraws: ReadonlyArray<readonly [number, number]>;
  religion: Weighted<Faith>;
  /** States of birth for the first generation. */
  readonly states: Weighted<number> | null;
  readonly names: NamePool;
}

export interface PopulationModel {
  readonly cells: readonly Cell[];
  readonly draw: Weighted<Cell>;
  readonly australiaId: number;
  readonly englishId: number;
  readonly australianStates: Weighted<number>;
  /** Heritage id of the countries that explain an anglo person's overseas-born parent or grandparent. */
  readonly heritageCountry: ReadonlyMap<number, number>;
  /** What the model expects, by census category, next to the census: for tests and the seed's report. */
  readonly expected: readonly ExpectedShare[];
}

export interface ExpectedShare {
  readonly topic: 'country of birth' | 'language at home' | 'religion' | 'ancestry';
  readonly name: string;
  /** Share among all respondents (0 to 1) the census asks for, and the one the model gives. */
  readonly census: number;
  readonly model: number;
  /** Lookup ids whose answers count for this share. */
  readonly ids: readonly number[];
}

// Chances for second and third generations (assumptions): the background's language kept as the main one,
// relative to the first generation (the second generation's is solved per top-ten language).
const SECOND_GENERATION_HOME = 0.7;
const THIRD_GENERATION_HOME = 0.06;
const FIRST_GENERATION_HOME = 0.9;
/** Share of a migrant background's religion given up for none, per generation born in Australia. */
const SECULARISATION: Readonly<Record<Generation, number>> = { 1: 0, 2: 0.3, 3: 0.45 };
/** "Australian" (and other Anglo ancestries) reported beside their own by people born in Australia. */
const LOCAL_HERITAGES: Readonly<Record<Generation, Weights>> = {
  1: [],
  2: [['ascceg:1101', 0.35]],
  3: [['ascceg:1101', 0.55], ['ascceg:2101', 0.15], ['ascceg:2201', 0.08]],
};
/** Census ancestries the anglo cell carries (solved from the census); the others belong to migrant or indigenous cells. */
const ANGLO_ANCESTRIES = new Set(['ascceg:2101', 'ascceg:1101', 'ascceg:2201', 'ascceg:2102', 'ascceg:2306']);
const ABORIGINAL = 'ascceg:1102';
const AUSTRALIAN = 'ascceg:1101';

const sum = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/** Probability a cell's people report a heritage. */
const heritageShare = (cell: Cell, id: number): number => cell.heritages.find(([heritage]) => heritage === id)?.[1] ?? 0;

/** Share of respondents who answer the heritage question with heritages (not "Prefer not to answer", not empty). */
const HERITAGE_ANSWERED = 1 - HERITAGE_PREFER_NOT - HERITAGE_SKIPPED;

/**
 * Draw probabilities for independent heritage draws where a person who drew none reports the
 * first one: p1' = (p1 - Q) / (1 - Q), Q the chance of drawing none of the others.
 */
const heritageDraws = (heritages: ReadonlyArray<readonly [number, number]>): Array<readonly [number, number]> => {
  if (heritages.length === 0) return [];
  const none = heritages.slice(1).reduce((product, [, share]) => product * (1 - share), 1);
  const [first, ...rest] = heritages;
  const firstDraw = first![1] >= 1 || none >= 1 ? first![1] : Math.max(0, (first![1] - none) / (1 - none));
  return [[first![0], firstDraw], ...rest];
};

interface ResolvedProfile {
  readonly origin: CatalogueItem;
  readonly countryShare: number;
  readonly origins: Origin;
  readonly profile: Profile;
  readonly share: number;
}

export const buildPopulationModel = (catalogue: Catalogue): PopulationModel => {
  const australia = catalogue.find('countries', 'AU');
  const english = catalogue.find('languages', 'eng');
  if (australia === undefined || english === undefined) throw new Error('The lookup lists lack Australia or English: run the lookup seed first.');

  // Denominations resolve to their branch and worldview through the lists' parents.
  const faithCache = new Map<string, Faith | null>();
  const faithOf = (code: string): Faith | undefined => {
    if (!faithCache.has(code)) {
      const denomination = catalogue.resolveCode('denominations', code, 'denomination');
      const branch = denomination?.parentId == null ? undefined : catalogue.byIdOf(denomination.parentId);
      const worldview = branch?.parentId == null ? undefined : catalogue.byIdOf(branch.parentId);
      faithCache.set(code, denomination && branch && worldview ? { worldviewId: worldview.id, branchId: branch.id, denominationId: denomination.id } : null);
    }
    return faithCache.get(code) ?? undefined;
  };
  const religionOf = (mix: Readonly<Record<string, number>>, secular: number): Map<Faith, number> => {
    const total = sum(Object.values(mix));
    const result = new Map<Faith, number>();
    const add = (faith: Faith | undefined, weight: number) => {
      if (faith !== undefined && weight > 0) result.set(faith, (result.get(faith) ?? 0) + weight);
    };
    for (const [code, weight] of Object.entries(mix)) add(faithOf(code), ((1 - secular) * weight) / total);
    add(faithOf(FAITH.noReligion), secular);
    return result;
  };
  const resolveWeights = (list: 'languages' | 'ethnicities' | 'states', weights: Weights, context: string) =>
    weights.flatMap(([code, weight]) => {
      const item = catalogue.resolveCode(list, code, context);
      return item === undefined ? [] : [[item.id, weight] as const];
    });

  // Country of birth: the census shares among those who stated one.
  const stated = AU_2021_COUNTRY_OF_BIRTH.australia.pct + AU_2021_COUNTRY_OF_BIRTH.bornOverseasPct;
  const countryShares = new Map<number, number>();
  let restOverseas = AU_2021_COUNTRY_OF_BIRTH.bornOverseasPct;
  for (const category of AU_2021_COUNTRY_OF_BIRTH.topOverseas) {
    const item = catalogue.resolve('countries', category, 'census country of birth');
    if (item === undefined) continue;
    countryShares.set(item.id, (countryShares.get(item.id) ?? 0) + category.pct / stated);
    restOverseas -= category.pct;
  }
  const listed = ORIGINS.flatMap((origin) => {
    const item = catalogue.resolveCode('countries', origin.country, 'origin country');
    return item === undefined || origin.thousands === undefined ? [] : [{ item, thousands: origin.thousands }];
  });
  const listedTotal = sum(listed.map((entry) => entry.thousands));
  for (const { item, thousands } of listed) countryShares.set(item.id, (countryShares.get(item.id) ?? 0) + (restOverseas / stated) * (thousands / listedTotal));

  const originByCountry = new Map<number, Origin>();
  for (const origin of ORIGINS) {
    const item = catalogue.find('countries', origin.country);
    if (item !== undefined) originByCountry.set(item.id, origin);
  }
  const profiles: ResolvedProfile[] = [];
  for (const [countryId, countryShare] of countryShares) {
    const item = catalogue.byIdOf(countryId)!;
    const origins: Origin = originByCountry.get(countryId) ?? {
      country: item.code,
      secondGeneration: 0.4,
      thirdGeneration: 0.1,
      profiles: [{ share: 1, heritages: [[`iso3166:${item.code}`, 1]], religion: { [FAITH.noReligion]: 0.5, [FAITH.otherChristian]: 0.5 }, names: 'european' }],
    };
    const shares = sum(origins.profiles.map((profile) => profile.share));
    for (const profile of origins.profiles) profiles.push({ origin: item, countryShare, origins, profile, share: profile.share / shares });
  }

  const cells: Cell[] = [];
  for (const entry of profiles) {
    const { profile, origins } = entry;
    const language = profile.language === undefined ? undefined : catalogue.resolveCode('languages', profile.language, 'background language');
    const homeRate = language === undefined ? 0 : (profile.homeRate ?? FIRST_GENERATION_HOME);
    const own = resolveWeights('ethnicities', profile.heritages, 'background heritage');
    const states = profile.states === undefined ? [] : resolveWeights('states', profile.states, 'state of birth');
    const generations: Array<[Generation, number]> = [
      [1, 1],
      [2, origins.secondGeneration],
      [3, origins.thirdGeneration],
    ];
    for (const [generation, factor] of generations) {
      if (factor <= 0) continue;
      const local = resolveWeights('ethnicities', LOCAL_HERITAGES[generation], 'heritage').filter(([id]) => !own.some(([mine]) => mine === id));
      cells.push({
        kind: 'migrant',
        generation,
        originId: entry.origin.id,
        weight: entry.countryShare * entry.share * factor,
        languageId: language?.id ?? null,
        homeRate: generation === 1 ? homeRate : generation === 2 ? homeRate * SECOND_GENERATION_HOME : homeRate * THIRD_GENERATION_HOME,
        alsoLanguages: profile.also === undefined ? [] : resolveWeights('languages', profile.also, 'background language'),
        heritages: [...own, ...local],
        heritageDraws: heritageDraws([...own, ...local]),
        religion: weighted([...religionOf(profile.religion, SECULARISATION[generation])]),
        states: states.length > 0 ? weighted(states) : null,
        names: profile.names,
      });
    }
  }

  // Ancestries of migrant backgrounds: their third generation is sized to reach the census share.
  const ancestryTargets = AU_2021_ANCESTRY.flatMap((category) => {
    const item = catalogue.resolve('ethnicities', category, 'census ancestry');
    return item === undefined ? [] : [{ category, item }];
  });
  for (const { category, item } of ancestryTargets) {
    if (ANGLO_ANCESTRIES.has(item.code) || item.code === ABORIGINAL) continue;
    const carriers = cells.filter((cell) => cell.generation === 3 && cell.heritages[0]?.[0] === item.id);
    const carried = sum(carriers.map((cell) => cell.weight));
    if (carried === 0) continue;
    const others = sum(cells.filter((cell) => !carriers.includes(cell)).map((cell) => cell.weight * heritageShare(cell, item.id)));
    const factor = Math.max(0, (category.pct / 100 / HERITAGE_ANSWERED - others) / carried);
    for (const cell of carriers) cell.weight *= factor;
  }

  // Top-ten home languages: the share of the second generation keeping the language is solved.
  const languageTargets = AU_2021_LANGUAGE_AT_HOME.top.flatMap((category) => {
    const item = catalogue.resolve('languages', category, 'census language at home');
    return item === undefined ? [] : [{ category, item }];
  });
  for (const { category, item } of languageTargets) {
    const speakers = cells.filter((cell) => cell.languageId === item.id);
    const fixed = sum(speakers.filter((cell) => cell.generation !== 2).map((cell) => cell.weight * cell.homeRate));
    const second = speakers.filter((cell) => cell.generation === 2);
    const secondBase = sum(second.map((cell) => cell.weight * (cell.homeRate / SECOND_GENERATION_HOME)));
    if (secondBase === 0) continue;
    const rate = Math.min(0.95, Math.max(0.05, (category.pct / 100 - fixed) / secondBase));
    for (const cell of second) cell.homeRate = Math.min(0.95, (cell.homeRate / SECOND_GENERATION_HOME) * rate);
  }

  // Aboriginal and Torres Strait Islander people, all born in Australia.
  const indigenousWeight = AU_2021_INDIGENOUS_PCT / 100;
  const aboriginalTarget = ancestryTargets.find(({ item }) => item.code === ABORIGINAL);
  const indigenousHeritages = resolveWeights('ethnicities', INDIGENOUS_PROFILE.heritages, 'indigenous heritage').map(([id, share]) =>
    aboriginalTarget !== undefined && id === aboriginalTarget.item.id
      ? ([id, Math.min(1, aboriginalTarget.category.pct / HERITAGE_ANSWERED / AU_2021_INDIGENOUS_PCT)] as const)
      : ([id, share] as const),
  );
  const indigenousLanguage = catalogue.resolveCode('languages', INDIGENOUS_PROFILE.language, 'indigenous language');
  cells.push({
    kind: 'indigenous',
    generation: 3,
    originId: australia.id,
    weight: indigenousWeight,
    languageId: indigenousLanguage?.id ?? null,
    homeRate: indigenousLanguage === undefined ? 0 : INDIGENOUS_PROFILE.homeRate,
    alsoLanguages: [],
    heritages: indigenousHeritages,
    heritageDraws: heritageDraws(indigenousHeritages),
    religion: weighted([...religionOf(INDIGENOUS_PROFILE.religion, 0)]),
    states: null,
    names: INDIGENOUS_PROFILE.names,
  });

  // Everyone else born in Australia.
  const bornHere = AU_2021_COUNTRY_OF_BIRTH.australia.pct / stated;
  const angloWeight = bornHere - sum(cells.filter((cell) => cell.kind !== 'migrant' || cell.generation > 1).map((cell) => cell.weight));
  if (angloWeight < 0.05) throw new Error(`Demo population: the migrant backgrounds leave ${angloWeight.toFixed(3)} for the Australian-born; check server/demo/profiles.ts.`);
  const others = [...cells];
  const residualShare = (id: number, target: number) => Math.min(0.95, Math.max(0, (target - sum(others.map((cell) => cell.weight * heritageShare(cell, id)))) / angloWeight));
  const angloSolved = ancestryTargets
    .filter(({ item }) => ANGLO_ANCESTRIES.has(item.code))
    .map(({ category, item }) => [item.id, residualShare(item.id, category.pct / 100 / HERITAGE_ANSWERED)] as const);
  // Australian first: somebody who draws none of the others reports it.
  const australianId = catalogue.find('ethnicities', AUSTRALIAN)?.id;
  const angloHeritages = [
    ...angloSolved.filter(([id]) => id === australianId),
    ...angloSolved.filter(([id]) => id !== australianId),
    ...resolveWeights('ethnicities', ANGLO_PROFILE.extraHeritages, 'heritage'),
  ];

  // Religion: the census by branch among those who stated one; the anglo cell takes what the others leave.
  const branchTargets = religionTargets(catalogue);
  const contributed = new Map<number, number>();
  for (const cell of others) {
    const total = sum(cell.religion.weights);
    cell.religion.items.forEach((faith, index) => contributed.set(faith.branchId, (contributed.get(faith.branchId) ?? 0) + (cell.weight * cell.religion.weights[index]!) / total));
  }
  const angloFaiths: Array<[Faith, number]> = [];
  for (const [branchId, target] of branchTargets) {
    const left = target - (contributed.get(branchId) ?? 0);
    if (left <= 0) continue;
    const branch = catalogue.byIdOf(branchId)!;
    const denominations = BRANCH_DENOMINATIONS[branch.code] ?? {};
    const resolved = Object.entries(denominations).flatMap(([code, share]) => {
      const faith = faithOf(code);
      return faith === undefined ? [] : [[faith, share] as const];
    });
    const total = sum(resolved.map(([, share]) => share));
    for (const [faith, share] of resolved) angloFaiths.push([faith, (left * share) / total]);
  }
  cells.push({
    kind: 'anglo',
    generation: 3,
    originId: australia.id,
    weight: angloWeight,
    languageId: null,
    homeRate: 0,
    alsoLanguages: [],
    heritages: angloHeritages,
    heritageDraws: heritageDraws(angloHeritages),
    religion: weighted(angloFaiths),
    states: null,
    names: ANGLO_PROFILE.names,
  });

  const heritageCountry = new Map<number, number>();
  for (const [heritage, country] of Object.entries(ANGLO_PROFILE.heritageCountry)) {
    const heritageItem = catalogue.find('ethnicities', heritage);
    const countryItem = catalogue.find('countries', country);
    if (heritageItem !== undefined && countryItem !== undefined) heritageCountry.set(heritageItem.id, countryItem.id);
  }

  return {
    cells,
    draw: weighted(cells.map((cell) => [cell, cell.weight] as const)),
    australiaId: australia.id,
    englishId: english.id,
    australianStates: weighted(resolveWeights('states', AUSTRALIAN_STATES, 'state of birth')),
    heritageCountry,
    expected: expectedShares(catalogue, cells, { stated, australia, english, ancestryTargets, languageTargets, branchTargets }),
  };
};

/** The census religion figures as shares of branches among people who stated a religion. */
const religionTargets = (catalogue: Catalogue): Map<number, number> => {
  const statedPct = 100 - AU_2021_RELIGION.notStatedPct;
  const targets = new Map<number, number>();
  const add = (branchCode: string, pct: number) => {
    const branch = catalogue.resolveCode('branches', branchCode, 'religion branch');
    if (branch !== undefined) targets.set(branch.id, (targets.get(branch.id) ?? 0) + pct / statedPct);
  };
  const split = (splits: Readonly<Record<string, number>>, pct: number) => {
    const total = sum(Object.values(splits));
    for (const [code, share] of Object.entries(splits)) add(code, (pct * share) / total);
  };
  const worldview = (code: string) => {
    const category = AU_2021_RELIGION.worldviews.find((entry) => entry.code === code)!;
    return catalogue.resolve('worldviews', category, 'census religion') === undefined ? 0 : category.pct;
  };
  let christianListed = 0;
  for (const category of AU_2021_RELIGION.christianBranches) {
    const branch = catalogue.resolve('branches', category, 'census religion');
    if (branch === undefined) continue;
    add(branch.code, category.pct);
    christianListed += category.pct;
  }
  split(RELIGION_SPLITS.otherChristian, worldview('25') - christianListed);
  split(RELIGION_SPLITS.islam, worldview('45'));
  split(RELIGION_SPLITS.hinduism, worldview('35'));
  split(RELIGION_SPLITS.buddhism, worldview('15'));
  split(RELIGION_SPLITS.noReligion, worldview('95'));
  const named = sum(AU_2021_RELIGION.worldviews.map((category) => worldview(category.code!)));
  // The religions after the five largest: what the stated total leaves (unmatched worldviews included).
  split(RELIGION_SPLITS.otherReligions, Math.max(0, statedPct - named));
  return targets;
};

const expectedShares = (
  catalogue: Catalogue,
  cells: readonly Cell[],
  context: {
    stated: number;
    australia: CatalogueItem;
    english: CatalogueItem;
    ancestryTargets: ReadonlyArray<{ category: CensusCategory; item: CatalogueItem }>;
    languageTargets: ReadonlyArray<{ category: CensusCategory; item: CatalogueItem }>;
    branchTargets: ReadonlyMap<number, number>;
  },
): ExpectedShare[] => {
  const shares: ExpectedShare[] = [];
  const bornIn = (countryId: number) => sum(cells.filter((cell) => (cell.kind === 'migrant' && cell.generation === 1 ? cell.originId : context.australia.id) === countryId).map((cell) => cell.weight));
  shares.push({ topic: 'country of birth', name: 'Australia', census: AU_2021_COUNTRY_OF_BIRTH.australia.pct / context.stated, model: bornIn(context.australia.id), ids: [context.australia.id] });
  for (const category of AU_2021_COUNTRY_OF_BIRTH.topOverseas) {
    const item = catalogue.resolve('countries', category, 'census country of birth');
    if (item !== undefined) shares.push({ topic: 'country of birth', name: category.name, census: category.pct / context.stated, model: bornIn(item.id), ids: [item.id] });
  }
  const home = (languageId: number) => sum(cells.filter((cell) => cell.languageId === languageId).map((cell) => cell.weight * cell.homeRate));
  const otherLanguages = sum(cells.map((cell) => (cell.languageId === null ? 0 : cell.weight * cell.homeRate)));
  shares.push({ topic: 'language at home', name: 'English only', census: AU_2021_LANGUAGE_AT_HOME.englishOnly.pct / 100, model: 1 - otherLanguages, ids: [context.english.id] });
  for (const { category, item } of context.languageTargets) shares.push({ topic: 'language at home', name: category.name, census: category.pct / 100, model: home(item.id), ids: [item.id] });
  // Religion by worldview, among all respondents: those who state one times the census share among them.
  const statedShare = 1 - AU_2021_RELIGION.notStatedPct / 100;
  for (const category of AU_2021_RELIGION.worldviews) {
    const worldview = catalogue.resolve('worldviews', category, 'census religion');
    if (worldview === undefined) continue;
    let model = 0;
    for (const cell of cells) {
      const total = sum(cell.religion.weights);
      cell.religion.items.forEach((faith, index) => {
        if (faith.worldviewId === worldview.id) model += (cell.weight * cell.religion.weights[index]!) / total;
      });
    }
    shares.push({ topic: 'religion', name: category.name, census: category.pct / 100, model: model * statedShare, ids: [worldview.id] });
  }
  for (const category of AU_2021_RELIGION.christianBranches) {
    const branch = catalogue.resolve('branches', category, 'census religion');
    if (branch === undefined) continue;
    let model = 0;
    for (const cell of cells) {
      const total = sum(cell.religion.weights);
      cell.religion.items.forEach((faith, index) => {
        if (faith.branchId === branch.id) model += (cell.weight * cell.religion.weights[index]!) / total;
      });
    }
    shares.push({ topic: 'religion', name: category.name, census: category.pct / 100, model: model * statedShare, ids: [branch.id] });
  }
  for (const { category, item } of context.ancestryTargets) {
    const model = sum(cells.map((cell) => cell.weight * heritageShare(cell, item.id))) * HERITAGE_ANSWERED;
    shares.push({ topic: 'ancestry', name: category.name, census: category.pct / 100, model, ids: [item.id] });
  }
  return shares;
};
