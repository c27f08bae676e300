import { LINK_CAPACITY_MAX } from '../../domain/contracts/tokens';
import type { AncestryRelation } from '../db/database';
import type { Catalogue, CatalogueItem, DemoList } from './catalogue';
import { type Cell, type Faith, type PopulationModel, buildPopulationModel } from './model';
import { drawName, type PersonName } from './names';
import {
  ANSWER_DELAY_DAYS,
  CURRENT_ROUND_AGE_DAYS,
  CURRENT_ROUND_ANSWERED,
  DEMO_ASSIGNEES,
  DEMO_GROUPS,
  ROUND_INTERVAL_DAYS,
  ROUND_OPEN_DAYS,
  ROUND_SHARES,
  ROUNDS,
  SWITCHED_OFF_LINK,
} from './organisation';
import { LEARNT_LANGUAGES, type NamePool, type Weights } from './profiles';
import { apportion, createRandom, type Random, weighted, type Weighted } from './random';
import { AU_2021_RELIGION } from './census';
import {
  AGE_PREFER_NOT,
  BIRTH_YEAR_BANDS,
  DENOMINATION_SKIPPED,
  DISABILITIES,
  EDUCATIONS,
  GENDERS,
  GRANDPARENT_SKIPPED,
  GROUP_LEVEL_ANSWERS,
  HERITAGE_PREFER_NOT,
  HERITAGE_SKIPPED,
  LEARNT_LANGUAGE,
  LEVEL_KIND,
  NAMED_ON_OPEN_LINK,
  PARENT_SKIPPED,
  POSITION_PREFER_NOT,
  POSITION_TYPE_SKIPPED,
  RELATIVE_PREFER_NOT,
  SECOND_LEARNT_LANGUAGE,
  SEXUAL_ORIENTATIONS,
  WOMEN_MANAGER_FACTOR,
} from './topics';

const DAY = 86_400_000;

export interface DemoOptions {
  readonly seed: string;
  readonly responses: number;
  /** The moment the data is relative to (responses over the 18 months before it). */
  readonly now: Date;
  readonly organizationName: string;
}

export interface DemoGroupPlan {
  readonly name: string;
  readonly subGroups: readonly string[];
}

export interface DemoAccountPlan {
  readonly role: 'admin' | 'group_assignee' | 'subgroup_assignee';
  readonly firstName: string;
  readonly lastName: string;
  /** Index into the plan's groups, and into that group's sub-groups. */
  readonly group: number | null;
  readonly subGroup: number | null;
}

export interface DemoLinkPlan {
  readonly alias: string;
  readonly group: number | null;
  readonly anonymity: 0 | 1;
  readonly createdAt: Date;
  readonly startsAt: Date;
  readonly expiresAt: Date;
  readonly active: boolean;
  readonly capacity: number;
  readonly used: number;
  /** Answers arrive from startsAt until this moment (the expiry, the switch-off, or now). */
  readonly answersUntil: Date;
}

/** The organisation around the responses: all of it but the responses themselves. */
export interface DemoPlan {
  readonly organization: { readonly name: string; readonly country: string; readonly industry: string };
  readonly groups: readonly DemoGroupPlan[];
  readonly accounts: readonly DemoAccountPlan[];
  readonly links: readonly DemoLinkPlan[];
  readonly responses: number;
  readonly seatCapacity: number;
}

export type LanguageLevel = 'native' | 'fluent' | 'intermediate' | 'basic';

/** One synthetic response, with lookup principle ids; the writer gives it its row ids. */
export interface DemoResponse {
  readonly link: number;
  readonly group: number;
  readonly subGroup: number | null;
  readonly submittedAt: Date;
  readonly anonymous: boolean;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly birthYear: number | null;
  readonly genderId: number;
  readonly ageId: number;
  readonly educationId: number;
  readonly disabilityId: number;
  readonly sexualOrientationId: number;
  readonly positionLevelId: number;
  readonly positionTypeId: number | null;
  readonly countryBirthId: number;
  readonly stateId: number | null;
  readonly worldviewId: number;
  readonly branchId: number | null;
  readonly denominationId: number | null;
  readonly ancestry: ReadonlyArray<readonly [AncestryRelation, number]>;
  readonly languages: ReadonlyArray<readonly [number, LanguageLevel]>;
  readonly heritages: readonly number[];
  /** Questions 25 to 27: cultures felt to belong to, the one identified with most, appearance. */
  readonly cultures: readonly number[];
  readonly cultureIdentityId: number | null;
  readonly appearanceId: number | null;
}

export interface DemoGenerator {
  readonly plan: DemoPlan;
  readonly model: PopulationModel;
  /** The responses, round by round; a new pass gives the same sequence again. */
  responses(): Generator<DemoResponse>;
}

const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * What the responses are drawn from: each round, open to every group (a person's group is drawn
 * with them, from their background and gender), then the switched-off group link. The links
 * written split each round by group (linksOf).
 */
const drawPlans = (options: DemoOptions): DemoLinkPlan[] => {
  const now = options.now.getTime();
  const counts = apportion(options.responses, [...ROUND_SHARES.slice(0, ROUNDS), SWITCHED_OFF_LINK.share]);
  const links: DemoLinkPlan[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const startsAt = new Date(now - (CURRENT_ROUND_AGE_DAYS + (ROUNDS - 1 - round) * ROUND_INTERVAL_DAYS) * DAY);
    const expiresAt = new Date(startsAt.getTime() + ROUND_OPEN_DAYS * DAY);
    const current = round === ROUNDS - 1;
    const used = counts[round]!;
    links.push({
      alias: `pulse-${startsAt.toISOString().slice(0, 7)}`,
      group: null,
      // The current round lets people give their name; earlier ones kept everyone anonymous.
      anonymity: current ? 0 : 1,
      createdAt: new Date(startsAt.getTime() - 2 * DAY),
      startsAt,
      expiresAt,
      active: true,
      capacity: current ? Math.min(LINK_CAPACITY_MAX, Math.max(used + 50, Math.ceil(used * 1.6))) : used + Math.ceil(used * 0.1) + 5,
      used,
      answersUntil: new Date(Math.min(expiresAt.getTime(), now - 60_000)),
    });
  }
  const group = DEMO_GROUPS.findIndex((shape) => shape.name === SWITCHED_OFF_LINK.group);
  const startsAt = new Date(now - SWITCHED_OFF_LINK.startedDaysAgo * DAY);
  const used = counts[ROUNDS]!;
  links.push({
    alias: `${SWITCHED_OFF_LINK.group.toLowerCase()}-onboarding`,
    group,
    anonymity: 0,
    createdAt: new Date(startsAt.getTime() - DAY),
    startsAt,
    expiresAt: new Date(now + SWITCHED_OFF_LINK.expiresInDays * DAY),
    active: false,
    capacity: used + 10,
    used,
    answersUntil: new Date(now - SWITCHED_OFF_LINK.switchedOffDaysAgo * DAY),
  });
  // A link can hold more than the product lets an administrator give one (LINK_CAPACITY_MAX) only when it already took that many.
  return links.map((link) => ({ ...link, capacity: Math.max(link.capacity, link.used) }));
};

const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** A group link of a round needs a few seats even when none of the group answered it. */
const GROUP_LINK_MIN_SEATS = 5;

/**
 * The links as written, and for each drawn plan the link of each group. A round becomes one
 * link per group holding the responses drawn for that group, with seats for the group's people
 * (its answers over the group's participation; the round open now has CURRENT_ROUND_ANSWERED of
 * its answers in), so that participation per group can be shown. A group's link keeps its own plan.
 */
const linksOf = (draws: readonly DemoLinkPlan[], counts: ReadonlyArray<readonly number[]>): { links: DemoLinkPlan[]; linkOf: number[][] } => {
  const links: DemoLinkPlan[] = [];
  const linkOf = draws.map((draw, drawIndex) => {
    if (draw.group !== null) {
      links.push(draw);
      return DEMO_GROUPS.map(() => links.length - 1);
    }
    const current = drawIndex === ROUNDS - 1;
    return DEMO_GROUPS.map((shape, group) => {
      const used = counts[drawIndex]![group]!;
      const answering = shape.participation * (current ? CURRENT_ROUND_ANSWERED : 1);
      const seats = Math.max(GROUP_LINK_MIN_SEATS, Math.ceil(used / answering));
      links.push({ ...draw, alias: `${draw.alias}-${slug(shape.name)}`, group, used, capacity: Math.max(used, Math.min(LINK_CAPACITY_MAX, seats)) });
      return links.length - 1;
    });
  });
  return { links, linkOf };
};

/** The seats the organisation's links hold (as the product counts them), with room to spare. */
const seatCapacityOf = (links: readonly DemoLinkPlan[], now: Date): number => {
  const promised = sumOf(links.map((link) => (link.active && link.expiresAt.getTime() > now.getTime() ? link.capacity : link.used)));
  return Math.max(1000, Math.ceil((promised * 1.1) / 100) * 100);
};

export const createDemoGenerator = (catalogue: Catalogue, options: DemoOptions): DemoGenerator => {
  if (!Number.isSafeInteger(options.responses) || options.responses < 0) throw new Error('The number of demo responses must be a whole number.');
  const model = buildPopulationModel(catalogue);
  const planRandom = createRandom(options.seed).fork('plan');
  const draws = drawPlans(options);
  const tables = buildTables(catalogue, options.now);
  /** Every response in draw order, each with the index of the plan it was drawn from. */
  const drawn = function* (): Generator<DemoResponse> {
    const random = createRandom(options.seed).fork('responses');
    // Questions added later draw from their own stream, so the earlier answers stay the same for a seed.
    const lived = createRandom(options.seed).fork('lived-culture');
    for (const [drawIndex, draw] of draws.entries()) {
      for (let count = 0; count < draw.used; count++) yield drawResponse(random, lived, model, tables, drawIndex, draw);
    }
  };
  // A first pass counts each round's answers by group, for the seats of the groups' links.
  const counts = draws.map(() => DEMO_GROUPS.map(() => 0));
  for (const response of drawn()) counts[response.link]![response.group]! += 1;
  const { links, linkOf } = linksOf(draws, counts);
  const groups = DEMO_GROUPS.map((shape) => ({ name: shape.name, subGroups: shape.subGroups.map(([name]) => name) }));
  const accounts: DemoAccountPlan[] = [{ role: 'admin', firstName: 'Demo', lastName: 'Administrator', group: null, subGroup: null }];
  for (const assignee of DEMO_ASSIGNEES) {
    const group = groups.findIndex((entry) => entry.name === assignee.group);
    const subGroup = assignee.subGroup === undefined ? null : groups[group]!.subGroups.indexOf(assignee.subGroup);
    const name = drawName(planRandom, planRandom.pick(['anglo', 'anglo', 'indian', 'chinese', 'greek', 'vietnamese', 'arabic'] as const), planRandom.chance(0.5) ? 'female' : 'male');
    accounts.push({ role: assignee.role, firstName: name.firstName, lastName: name.lastName, group, subGroup });
  }
  const plan: DemoPlan = {
    organization: { name: options.organizationName, country: 'AU', industry: 'Professional, Scientific and Technical Services' },
    groups,
    accounts,
    links,
    responses: options.responses,
    seatCapacity: seatCapacityOf(links, options.now),
  };
  return {
    plan,
    model,
    responses: function* () {
      for (const response of drawn()) yield { ...response, link: linkOf[response.link]![response.group]! };
    },
  };
};

interface Tables {
  readonly genders: Weighted<CatalogueItem>;
  /** Group choice by background (0: anglo, 1: other) and gender id. */
  readonly groupChoice: ReadonlyArray<ReadonlyMap<number, Weighted<number>>>;
  readonly subGroups: ReadonlyArray<Weighted<number>>;
  /** Position types per group (the level is the type's parent). */
  readonly positions: ReadonlyArray<Weighted<CatalogueItem>>;
  /** Education by group and kind of position. */
  readonly educations: ReadonlyArray<Readonly<Record<'professional' | 'skilled' | 'operator', Weighted<number>>>>;
  readonly birthBands: Weighted<readonly [number, number]>;
  readonly ageIdOfYear: ReadonlyMap<number, number>;
  /** Disability by age band: born before 1975, 1975 to 1994, from 1995. */
  readonly disabilities: readonly [Weighted<number>, Weighted<number>, Weighted<number>];
  /** Sexual orientation: born before 1995, from 1995. */
  readonly orientations: readonly [Weighted<number>, Weighted<number>];
  readonly learnt: Weighted<number>;
  readonly preferNot: Readonly<Record<'countries' | 'ethnicities' | 'worldviews' | 'ages' | 'position-levels', number>>;
  readonly statesOf: (countryId: number) => Weighted<number> | null;
  readonly womenId: number | undefined;
  readonly menId: number | undefined;
  readonly managersId: number | undefined;
  readonly heritageCountryFallback: number;
  /** Appearance ids by code, and the list's Prefer not to answer. */
  readonly appearances: ReadonlyMap<string, number>;
  readonly appearancePreferNot: number;
}

const buildTables = (catalogue: Catalogue, now: Date): Tables => {
  const resolved = (list: DemoList, weights: Weights, context: string): Array<readonly [CatalogueItem, number]> =>
    weights.flatMap(([code, weight]) => {
      const item = catalogue.resolveCode(list, code, context);
      return item === undefined ? [] : [[item, weight] as const];
    });
  const ids = (list: DemoList, weights: Weights, context: string) => resolved(list, weights, context).map(([item, weight]) => [item.id, weight] as const);

  const genders = weighted(resolved('genders', GENDERS, 'gender'));
  const women = catalogue.find('genders', 'female');
  const men = catalogue.find('genders', 'male');
  const groupChoice = [false, true].map((diverse) => {
    const byGender = new Map<number, Weighted<number>>();
    for (const gender of genders.items) {
      byGender.set(
        gender.id,
        weighted(
          DEMO_GROUPS.map((shape, index) => {
            const lean = gender.id === women?.id ? shape.women : gender.id === men?.id ? shape.men : 1;
            return [index, shape.size * (diverse ? shape.diversity : 1) * lean] as const;
          }),
        ),
      );
    }
    return byGender;
  });
  const positions = DEMO_GROUPS.map((shape) => weighted(resolved('position-types', shape.positions, 'position type')));
  const educations = DEMO_GROUPS.map((shape) => {
    const table = (kind: keyof typeof EDUCATIONS) =>
      weighted(ids('educations', EDUCATIONS[kind], 'education').map(([id, weight]) => [id, catalogue.byIdOf(id)!.code === '11' ? weight * (shape.doctorates ?? 1) : weight] as const));
    return { professional: table('professional'), skilled: table('skilled'), operator: table('operator') };
  });

  // Birth years the ages list offers (it stops 15 years before the current year): the nearest one at or before.
  const ageIdOfYear = new Map<number, number>();
  for (const [from, to] of BIRTH_YEAR_BANDS) {
    for (let year = from; year <= to; year++) {
      let offered = year;
      while (offered >= from - 50 && catalogue.find('ages', String(offered)) === undefined) offered--;
      const item = catalogue.find('ages', String(offered));
      if (item !== undefined) ageIdOfYear.set(year, item.id);
    }
  }
  const disabilityTable = (factor: number) =>
    weighted(ids('disabilities', DISABILITIES, 'disability').map(([id, weight]) => {
      const code = catalogue.byIdOf(id)!.code;
      return [id, code === 'none' || code === 'prefer_not' ? weight : weight * factor] as const;
    }));
  const orientationTable = (bisexualFactor: number) =>
    weighted(ids('sexual-orientations', SEXUAL_ORIENTATIONS, 'sexual orientation').map(([id, weight]) => [id, catalogue.byIdOf(id)!.code === 'bisexual' ? weight * bisexualFactor : weight] as const));

  const statesCache = new Map<number, Weighted<number> | null>();
  return {
    genders,
    groupChoice,
    subGroups: DEMO_GROUPS.map((shape) => weighted(shape.subGroups.map(([, weight], index) => [index, weight] as const))),
    positions,
    educations,
    birthBands: weighted(BIRTH_YEAR_BANDS.map(([from, to, weight]) => [[from, Math.min(to, now.getUTCFullYear() - 15)] as const, weight] as const).filter(([[from, to]]) => from <= to)),
    ageIdOfYear,
    disabilities: [disabilityTable(1.5), disabilityTable(1), disabilityTable(0.8)],
    orientations: [orientationTable(1), orientationTable(1.8)],
    learnt: weighted(ids('languages', LEARNT_LANGUAGES, 'learnt language')),
    preferNot: {
      countries: catalogue.preferNot('countries'),
      ethnicities: catalogue.preferNot('ethnicities'),
      worldviews: catalogue.preferNot('worldviews'),
      ages: catalogue.preferNot('ages'),
      'position-levels': catalogue.preferNot('position-levels'),
    },
    statesOf: (countryId) => {
      if (!statesCache.has(countryId)) {
        const states = catalogue.childrenOf(countryId).filter((item) => item.list === 'states');
        statesCache.set(countryId, states.length === 0 ? null : weighted(states.map((item) => [item.id, 1] as const)));
      }
      return statesCache.get(countryId)!;
    },
    womenId: women?.id,
    menId: men?.id,
    managersId: catalogue.find('position-levels', '1')?.id,
    heritageCountryFallback: catalogue.find('countries', 'GB')?.id ?? catalogue.find('countries', 'AU')!.id,
    appearances: new Map(Object.values(APPEARANCE_OF_POOL).concat(['indigenous', 'mixed', 'other']).flatMap((code) => {
      const item = catalogue.find('appearances', code);
      return item === undefined ? [] : [[code, item.id] as const];
    })),
    appearancePreferNot: catalogue.preferNot('appearances'),
  };
};

const submittedWithin = (random: Random, link: DemoLinkPlan): Date => {
  const start = link.startsAt.getTime();
  const span = Math.max(0, link.answersUntil.getTime() - start);
  let offset = -Math.log(1 - random.next()) * ANSWER_DELAY_DAYS * DAY;
  if (offset > span) offset = random.next() * span;
  return new Date(Math.floor((start + offset) / 1000) * 1000);
};

const RELATIONS: readonly AncestryRelation[] = ['mother', 'father', 'maternal_grandmother', 'maternal_grandfather', 'paternal_grandmother', 'paternal_grandfather'];

/** Where a parent or grandparent was born, given the background and (for a grandparent) their child's country. */
const relativesOf = (random: Random, model: PopulationModel, tables: Tables, cell: Cell, heritages: readonly number[]): Array<readonly [AncestryRelation, number]> => {
  const home = model.australiaId;
  const origin = cell.originId;
  const overseasForAnglo = () => {
    const explained = heritages.map((id) => model.heritageCountry.get(id)).filter((id): id is number => id !== undefined && id !== home);
    return explained.length > 0 ? random.pick(explained) : tables.heritageCountryFallback;
  };
  const parent = (): number => {
    if (cell.kind === 'indigenous') return home;
    if (cell.kind === 'anglo') return random.chance(0.92) ? home : overseasForAnglo();
    if (cell.generation === 1) return random.chance(0.95) ? origin : home;
    if (cell.generation === 2) return random.chance(0.8) ? origin : home;
    return random.chance(0.85) ? home : origin;
  };
  const grandparent = (child: number): number => {
    if (child !== home) return random.chance(0.95) ? child : home;
    if (cell.kind === 'indigenous') return home;
    if (cell.kind === 'anglo') return random.chance(0.8) ? home : overseasForAnglo();
    if (cell.generation === 3) return random.chance(0.6) ? origin : home;
    return random.chance(0.5) ? origin : home;
  };
  const mother = parent();
  let father = parent();
  // The second generation is defined by a parent born in the background's country.
  if (cell.kind === 'migrant' && cell.generation === 2 && mother === home && father === home) father = origin;
  const countries = [mother, father, grandparent(mother), grandparent(mother), grandparent(father), grandparent(father)];
  const rows: Array<readonly [AncestryRelation, number]> = [];
  countries.forEach((country, index) => {
    if (random.chance(index < 2 ? PARENT_SKIPPED : GRANDPARENT_SKIPPED)) return;
    rows.push([RELATIONS[index]!, random.chance(RELATIVE_PREFER_NOT) ? tables.preferNot.countries : country]);
  });
  return rows;
};

const languagesOf = (random: Random, model: PopulationModel, tables: Tables, cell: Cell): Array<readonly [number, LanguageLevel]> => {
  const rows = new Map<number, LanguageLevel>();
  const own = cell.languageId;
  if (own !== null && random.chance(cell.homeRate)) {
    rows.set(own, 'native');
    rows.set(model.englishId, cell.generation === 1 ? (random.chance(0.6) ? 'fluent' : 'intermediate') : random.chance(0.7) ? 'native' : 'fluent');
  } else {
    rows.set(model.englishId, 'native');
    if (own !== null) {
      if (cell.generation === 1) rows.set(own, 'fluent');
      else if (random.chance(cell.generation === 2 ? 0.6 : 0.2)) rows.set(own, random.chance(0.5) ? 'intermediate' : 'basic');
    }
  }
  for (const [language, share] of cell.alsoLanguages) {
    if (!rows.has(language) && random.chance(cell.generation === 1 ? share : share * 0.4)) rows.set(language, cell.generation === 1 ? (random.chance(0.5) ? 'fluent' : 'intermediate') : 'basic');
  }
  if (random.chance(LEARNT_LANGUAGE)) {
    const learnt = tables.learnt.draw(random);
    if (!rows.has(learnt)) rows.set(learnt, random.chance(0.7) ? 'basic' : 'intermediate');
    if (random.chance(SECOND_LEARNT_LANGUAGE / LEARNT_LANGUAGE)) {
      const second = tables.learnt.draw(random);
      if (!rows.has(second)) rows.set(second, 'basic');
    }
  }
  return [...rows];
};

const heritagesOf = (random: Random, tables: Tables, cell: Cell): number[] => {
  if (random.chance(HERITAGE_PREFER_NOT)) return [tables.preferNot.ethnicities];
  if (random.chance(HERITAGE_SKIPPED)) return [];
  const drawn = cell.heritageDraws.filter(([, share]) => random.chance(share)).map(([id]) => id);
  if (drawn.length === 0 && cell.heritageDraws.length > 0) drawn.push(cell.heritageDraws[0]![0]);
  // The survey accepts more, but people rarely name more than three.
  while (drawn.length > 3) drawn.splice(1 + Math.floor(random.next() * (drawn.length - 1)), 1);
  return drawn;
};

const faithOf = (random: Random, cell: Cell): Faith | null => (random.chance(AU_2021_RELIGION.notStatedPct / 100) ? null : cell.religion.draw(random));

/** How others see a person of a background (the name pool stands for the background's region). */
const APPEARANCE_OF_POOL: Readonly<Record<NamePool, string>> = {
  anglo: 'white',
  european: 'white',
  greek: 'white',
  italian: 'white',
  slavic: 'white',
  african: 'black',
  arabic: 'middle_eastern_north_african',
  chinese: 'east_asian',
  japanese: 'east_asian',
  korean: 'east_asian',
  indian: 'south_asian',
  filipino: 'south_east_asian',
  vietnamese: 'south_east_asian',
  latin: 'latin_american',
  pacific: 'pacific',
};
const APPEARANCE_PREFER_NOT = 0.05;
const APPEARANCE_SKIPPED = 0.08;
/** Mixed appearance, more common the longer a family has lived here. */
const APPEARANCE_MIXED_BY_GENERATION = [0.03, 0.05, 0.1] as const;
const CULTURES_SKIPPED = 0.12;
const KEEPS_HERITAGE_AS_CULTURE = 0.8;
const IDENTITY_SKIPPED = 0.1;
/** Share naming their first heritage as the culture they identify with most. */
const IDENTIFIES_WITH_FIRST = 0.7;

/** Questions 25 to 27, from the person's background and heritage answers. */
const livedCultureOf = (random: Random, tables: Tables, cell: Cell, heritages: readonly number[]) => {
  const heritagePreferNot = heritages.includes(tables.preferNot.ethnicities);
  let cultures: number[] = [];
  if (heritagePreferNot) cultures = random.chance(0.7) ? [tables.preferNot.ethnicities] : [];
  else if (heritages.length > 0 && !random.chance(CULTURES_SKIPPED)) {
    cultures = heritages.filter(() => random.chance(KEEPS_HERITAGE_AS_CULTURE));
    if (cultures.length === 0) cultures = [heritages[0]!];
  }
  let cultureIdentityId: number | null = null;
  if (cultures.length > 0 && !random.chance(IDENTITY_SKIPPED)) {
    cultureIdentityId = cultures.length === 1 || random.chance(IDENTIFIES_WITH_FIRST) ? cultures[0]! : random.pick(cultures.slice(1));
  }
  let appearanceId: number | null = null;
  if (random.chance(APPEARANCE_PREFER_NOT)) appearanceId = tables.appearancePreferNot;
  else if (!random.chance(APPEARANCE_SKIPPED)) {
    const mixed = APPEARANCE_MIXED_BY_GENERATION[Math.min(2, Math.max(0, cell.generation - 1))]!;
    const code = random.chance(mixed) ? 'mixed' : cell.kind === 'indigenous' ? 'indigenous' : APPEARANCE_OF_POOL[cell.names];
    appearanceId = tables.appearances.get(code) ?? tables.appearances.get('other') ?? null;
  }
  return { cultures, cultureIdentityId, appearanceId };
};

const drawResponse = (random: Random, lived: Random, model: PopulationModel, tables: Tables, planIndex: number, link: DemoLinkPlan): DemoResponse => {
  const submittedAt = submittedWithin(random, link);
  const cell = model.draw.draw(random);
  const gender = tables.genders.draw(random);
  const group = link.group ?? tables.groupChoice[cell.kind === 'anglo' ? 0 : 1]!.get(gender.id)!.draw(random);
  const subGroup = random.chance(GROUP_LEVEL_ANSWERS) ? null : tables.subGroups[group]!.draw(random);

  let birthYear: number | null = null;
  let ageId = tables.preferNot.ages;
  if (!random.chance(AGE_PREFER_NOT)) {
    const [from, to] = tables.birthBands.draw(random);
    birthYear = random.int(from, to);
    ageId = tables.ageIdOfYear.get(birthYear) ?? tables.preferNot.ages;
    if (ageId === tables.preferNot.ages) birthYear = null;
  }

  let positionLevelId = tables.preferNot['position-levels'];
  let positionTypeId: number | null = null;
  let kind: keyof typeof EDUCATIONS = 'skilled';
  if (!random.chance(POSITION_PREFER_NOT)) {
    let type = tables.positions[group]!.draw(random);
    if (gender.id === tables.womenId && type.parentId === tables.managersId && !random.chance(WOMEN_MANAGER_FACTOR)) type = tables.positions[group]!.draw(random);
    positionLevelId = type.parentId!;
    positionTypeId = random.chance(POSITION_TYPE_SKIPPED) ? null : type.id;
    kind = LEVEL_KIND[type.code[0]!] ?? 'skilled';
  }
  const educationId = tables.educations[group]![kind].draw(random);
  const ageBand = birthYear === null ? 1 : birthYear < 1975 ? 0 : birthYear < 1995 ? 1 : 2;
  const disabilityId = tables.disabilities[ageBand]!.draw(random);
  const sexualOrientationId = tables.orientations[birthYear !== null && birthYear >= 1995 ? 1 : 0]!.draw(random);

  const bornAbroad = cell.kind === 'migrant' && cell.generation === 1;
  const countryBirthId = bornAbroad ? cell.originId : model.australiaId;
  const states = bornAbroad ? (cell.states ?? tables.statesOf(countryBirthId)) : model.australianStates;
  const stateId = states === null ? null : states.draw(random);

  const heritages = heritagesOf(random, tables, cell);
  const ancestry = relativesOf(random, model, tables, cell, heritages);
  const languages = languagesOf(random, model, tables, cell);
  const faith = faithOf(random, cell);
  const denominationId = faith === null || random.chance(DENOMINATION_SKIPPED) ? null : faith.denominationId;

  let name: PersonName | null = null;
  if (link.anonymity === 0 && random.chance(NAMED_ON_OPEN_LINK)) {
    name = drawName(random, cell.names, gender.id === tables.womenId ? 'female' : gender.id === tables.menId ? 'male' : 'other');
  }
  return {
    link: planIndex,
    group,
    subGroup,
    submittedAt,
    anonymous: name === null,
    firstName: name?.firstName ?? null,
    lastName: name?.lastName ?? null,
    birthYear,
    genderId: gender.id,
    ageId,
    educationId,
    disabilityId,
    sexualOrientationId,
    positionLevelId,
    positionTypeId,
    countryBirthId,
    stateId,
    worldviewId: faith?.worldviewId ?? tables.preferNot.worldviews,
    branchId: faith?.branchId ?? null,
    denominationId,
    ancestry,
    languages,
    heritages,
    ...livedCultureOf(lived, tables, cell, heritages),
  };
};
