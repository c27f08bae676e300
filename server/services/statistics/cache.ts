import { type Kysely, sql } from 'kysely';
import { type BatchRules, type PopulationGroup, type ProtectedPopulation, type StatsQuestion, protectPopulation } from '../../../domain/stats';
import { DEFAULT_BATCH_RULES, releaseDue } from './releaseBatches';
import type { Database } from '../../db/database';
import { type AddedResponses, type Changes, REFRESH_WINDOW_MS, addAnswerGroups, addPopulationGroups, changesSince } from './changes';
import { selectedKeys } from './dimensionSql';
import type { KeptGroups } from './keptGroups';
import { type SnapshotVersions, type StatsContext, populationDimensions, populationGroups } from './population';

/** A question as a topic builds it; a single-answer question also counts its population (population.ts: answerGroups). */
export type BuiltQuestion = StatsQuestion & { readonly respondents?: readonly PopulationGroup[] };

/**
 * Builds a question for the context it is given: the cache adds what a refresh needs (the
 * snapshot versions to collect, or only the new responses to count).
 */
export type QuestionBuild = (context: StatsContext) => Promise<BuiltQuestion>;

/**
 * The grouped counts and key sums of the statistics (population.ts), computed once per
 * organisation, group scope, period, year, filters and breakdown, and kept until the
 * organisation's responses change.
 *
 * Releasing a figure from them is cheap (domain/stats: a sum and a p-table look-up); the GROUP
 * BY of the selected respondents is the cost, and a single-answer question's GROUP BY also
 * counts the population, so such a figure costs one query. Whether the responses changed is one row of
 * statistics_versions (migration 0010: triggers bump it with every write to the responses or
 * their answer rows), so a request on a warm cache reads that row only.
 *
 * After a change, figures whose exact version is known (each of their queries read the same
 * version in its snapshot) are brought up to date by counting the responses added since and
 * adding them (./changes.ts), which costs a query of the new responses only; any other change,
 * or figures older than the change log keeps, are counted again.
 *
 * After a change, a request starts the figures of the new responses and waits for them up to
 * `freshWaitMs`; if they take longer it is answered from the newest figures of earlier
 * responses that are ready, and the new ones replace them as soon as they are. Every figure
 * either way is disclosure-controlled as a whole: one request's population and question always
 * come from the same responses.
 *
 * Given `kept` (./keptGroups.ts), the exact counts of whole-organisation selections are also
 * written to the database, and a selection new to the process starts from them: as they are
 * when of the current version, brought up to date by addition like the in-memory ones when of a
 * recent earlier one, so that a restarted process does not count the home page again.
 */

export interface StatisticsCacheOptions {
  /** How long a request waits for figures of the newest responses before the previous ones answer it. */
  readonly freshWaitMs: number;
  /** Selections kept (default 2,000); the least recently read is let go first. */
  readonly maxSelections?: number;
  /**
   * Estimated bytes the kept figures may take across all organisations (default 256 MB); past
   * it the least recently read selections are let go first, whatever their number.
   */
  readonly maxBytes?: number;
  /** Milliseconds of a monotonic clock (tests give their own). */
  readonly now?: () => number;
  /** When waiting responses enter the statistics (default: in blocks of 5, no wait). */
  readonly batchRules?: BatchRules;
  /**
   * Where the counted groups of whole-organisation selections are kept across restarts
   * (./keptGroups.ts); none: a new process counts everything again.
   */
  readonly kept?: KeptGroups;
}

interface Slot {
  /** statistics_versions.version of the organisation the slot computes. */
  readonly version: number;
  /** Order in which slots were made: a newer slot replaces an older one even if the version went back (a restored database). */
  readonly sequence: number;
  /** Started by the first part that needs it: counted with a single-answer question when that comes first. */
  population: Promise<ProtectedPopulation> | undefined;
  /** Questions by name, so that their GROUP BY runs once. */
  readonly questions: Map<string, Promise<BuiltQuestion>>;
  /** Other figures computed from the same responses (fractional shares), by key. */
  readonly figures: Map<string, Promise<unknown>>;
  failed: boolean;
}

interface KeyState {
  readonly key: string;
  readonly organizationId: string;
  /** Whether its parts are kept in the database (`keepsSelection`). */
  readonly keeps: boolean;
  /** Per part, the version of its kept row as this process last read or wrote it (a value is not written again). */
  readonly keptVersions: Map<string, number>;
  newest: Slot;
  /** Per part of a slot (the population, a question, a figure), the newest slot in which it is ready. */
  readonly ready: Map<string, Slot>;
  /** Per part, how long it took to compute the last time. */
  readonly took: Map<string, number>;
  /**
   * Per part, its newest ready value with the exact version it counts (when known), when that
   * was read and its estimated bytes; `bytes` is their sum.
   */
  readonly latest: Map<string, Latest>;
  bytes: number;
}

interface Latest {
  readonly value: unknown;
  readonly version: number | undefined;
  readonly at: number;
  readonly bytes: number;
}

/** Different selections kept by default (each holds a few small grouped results). */
const MAX_SELECTIONS = 2000;
/**
 * Bytes kept by default: a selection read on every dashboard page holds about 10 MB (mostly
 * the thousands of languages and heritages its questions list, whoever answered), so this
 * keeps a couple of dozen such selections and the server under 1 GB (bench/statistics.bench.ts
 * prints the process's memory beside it).
 */
export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
/**
 * Heap per dimension value or grouped count kept, with what releasing keeps beside it (the
 * protected lattice, released figures): the heap the bench's cache lets go when emptied
 * (`node --expose-gc`), over the values and groups it held.
 */
const BYTES_PER_GROUP = 600;

/** A part of a slot: its name in the key's maps, how an older slot lets go of its copy, and its estimated size. */
interface Part<T = unknown> {
  readonly key: string;
  readonly forget: (slot: Slot) => void;
  readonly bytes: (value: T) => number;
  /** The object whose exact version the cache records (none: never refreshed by addition). */
  readonly counted?: (value: T) => object;
  /** The plain data kept in the database for the part (none: not kept). */
  readonly kept?: (value: T) => unknown;
}

/** The groups a population was protected from, so that new groups can be added to them and they can be kept. */
const populationGroupsOf = new WeakMap<ProtectedPopulation, readonly PopulationGroup[]>();

/**
 * Whether a selection's parts are kept in the database: the whole organisation, without filters,
 * period or breakdown, as the home page and the warm-up read it. These are what the first visitor
 * after a restart waits for; the many other selections (a filter, a group, a period) would fill
 * the table with rows that are read seldom and rewritten on every change.
 */
const keepsSelection = (context: StatsContext): boolean =>
  context.scope.kind === 'organization' &&
  context.period.from === null &&
  context.period.to === null &&
  (context.by ?? []).length === 0 &&
  context.only === undefined &&
  Object.values(context.selection ?? {}).every((raw) => selectedKeys(raw).length === 0);

// A question also keeps its dimension's every value (thousands for languages and heritages) and
// the lattice built over them, whoever answered.
/** A question's counts with those of further people added. */
const added = (before: BuiltQuestion, later: BuiltQuestion): BuiltQuestion => ({
  ...before,
  counts: addAnswerGroups(before.counts, later.counts),
  ...(before.respondents || later.respondents ? { respondents: addPopulationGroups(before.respondents ?? [], later.respondents ?? []) } : {}),
});

const questionBytes = (question: BuiltQuestion): number =>
  (question.dimension.values.length + question.counts.length + (question.respondents?.length ?? 0)) * BYTES_PER_GROUP;

/** A figure's size as twice its JSON (strings are two bytes a character); anything not JSON counts as a group. */
const figureBytes = (value: unknown): number => {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + BYTES_PER_GROUP;
  } catch {
    return BYTES_PER_GROUP;
  }
};

// Every slot's population is kept: the older slots' questions are released with it.
const POPULATION: Part<ProtectedPopulation> = {
  key: 'population',
  forget: () => undefined,
  bytes: (population) => population.counts.length * BYTES_PER_GROUP,
  counted: (population) => population,
  kept: (population) => populationGroupsOf.get(population),
};

export class PopulationCache {
  private readonly keys = new Map<string, KeyState>();
  private readonly versionReads = new Map<string, Promise<number>>();
  private readonly releases = new Map<string, Promise<number>>();
  private sequence = 0;
  private keptBytes = 0;
  private readonly changeReads = new Map<string, Promise<Changes>>();
  /** The exact statistics version of counted figures (built questions, populations), when their queries agreed on one. */
  private readonly exactVersions = new WeakMap<object, number>();
  /**
   * Parts brought up to date by adding the new responses, parts counted again after a change that
   * was not only additions, and parts taken as they were kept in the database (same version).
   */
  readonly refreshes = { added: 0, recounted: 0, kept: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: StatisticsCacheOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  private keyOf(context: StatsContext): string {
    const scope = context.scope.kind === 'organization' ? 'all' : [...context.scope.ids].sort().join(',');
    // The keys the WHERE filters by, read as the SQL reads them: a list holding only '' selects
    // nobody, and once shared the key of no filter, so everyone's figures were that empty population's.
    const selection = Object.entries(context.selection ?? {})
      .map(([name, raw]) => [name, [...new Set(selectedKeys(raw))].sort()] as const)
      .filter(([, keys]) => keys.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return JSON.stringify([context.organizationId, scope, context.period.from?.toISOString() ?? '', context.period.to?.toISOString() ?? '', context.year, selection, context.by ?? []]);
  }

  /**
   * The organisation's statistics version. A page's cards and a comparison's many figures ask at
   * the same moment: they share one read in flight rather than queueing one each (on PGlite's
   * one connection those reads waited behind every GROUP BY already queued).
   */
  /**
   * Releases the organisation's waiting responses that are due before its figures are read
   * (./releaseBatches.ts): one release in flight per organisation, which the page's cards share.
   */
  releasedFor(organizationId: string): Promise<number> {
    const inFlight = this.releases.get(organizationId);
    if (inFlight) return inFlight;
    const release = releaseDue(this.db, organizationId, this.options.batchRules ?? DEFAULT_BATCH_RULES).finally(() => this.releases.delete(organizationId));
    this.releases.set(organizationId, release);
    return release;
  }

  private versionOf(organizationId: string): Promise<number> {
    const inFlight = this.versionReads.get(organizationId);
    if (inFlight) return inFlight;
    const read = sql<{ version: number | string }>`select version from statistics_versions where organization_id = ${organizationId}`
      .execute(this.db)
      .then((row) => Number(row.rows[0]?.version ?? 0))
      .finally(() => this.versionReads.delete(organizationId));
    this.versionReads.set(organizationId, read);
    return read;
  }

  private newSlot(version: number): Slot {
    return { version, sequence: ++this.sequence, population: undefined, questions: new Map(), figures: new Map(), failed: false };
  }

  /** The protected population of groups counted for the context, at `version` when that is known. */
  private async protect(context: StatsContext, groups: readonly PopulationGroup[], version: number | undefined): Promise<ProtectedPopulation> {
    const by = context.by ?? [];
    const dimensions = (await populationDimensions(this.db)).filter((dimension) => (by as readonly string[]).includes(dimension.name));
    const population = protectPopulation({ dimensions, groups });
    populationGroupsOf.set(population, groups);
    if (version !== undefined) this.exactVersions.set(population, version);
    return population;
  }

  /** Runs a build with its snapshot versions collected; its result is recorded with its exact version when they agree. */
  private async observed<T extends object>(context: StatsContext, build: (context: StatsContext) => Promise<T>): Promise<{ value: T; version: number | undefined }> {
    const versions: SnapshotVersions = { seen: new Set() };
    const value = await build({ ...context, versions });
    const version = versions.seen.size === 1 ? [...versions.seen][0] : undefined;
    if (version !== undefined) this.exactVersions.set(value, version);
    return { value, version };
  }

  /** The part's newest value, when it may be brought up to date by addition. */
  private refreshable<T>(state: KeyState, part: Part<T>): { value: T; version: number } | undefined {
    const latest = state.latest.get(part.key);
    if (latest === undefined || latest.version === undefined || this.now() - latest.at > REFRESH_WINDOW_MS) return undefined;
    return { value: latest.value as T, version: latest.version };
  }

  /**
   * The changes after `since`: one read per organisation and version while it is on its way
   * (after a new response every kept part of a selection asks the same question at once).
   */
  private changesAfter(organizationId: string, since: number): Promise<Changes> {
    const key = `${organizationId}|${since}`;
    const inFlight = this.changeReads.get(key);
    if (inFlight) return inFlight;
    const read = changesSince(this.db, organizationId, since).finally(() => this.changeReads.delete(key));
    this.changeReads.set(key, read);
    return read;
  }

  /** Brought up to date by `add` when only responses were added since `since`, else counted again by `count`. */
  private async upToDate<T>(organizationId: string, since: number | undefined, add: (changes: AddedResponses) => Promise<T>, count: () => Promise<T>): Promise<T> {
    if (since !== undefined) {
      const changes = await this.changesAfter(organizationId, since);
      if (changes.kind === 'added') {
        this.refreshes.added += 1;
        return add(changes);
      }
      this.refreshes.recounted += 1;
    }
    return count();
  }

  /**
   * The part as it was kept in the database, when the key's state has no value of it yet in this
   * process: of the slot's version (taken as it is), or of an earlier version saved recently
   * enough that the change log still holds what came after it (brought up to date by addition).
   * Kept rows of the responses as they are now are exactly what a count gives, so nothing else is
   * needed to trust them; anything older or unreadable is counted as if nothing were kept.
   */
  private async keptEarlier(state: KeyState, partKey: string, slotVersion: number): Promise<{ value: unknown; version: number } | undefined> {
    const kept = this.options.kept;
    if (kept === undefined || !state.keeps || state.latest.has(partKey)) return undefined;
    try {
      const row = await kept.read(state.organizationId, state.key, partKey);
      if (row === undefined) return undefined;
      state.keptVersions.set(partKey, row.version);
      if (row.version !== slotVersion && row.ageMs > REFRESH_WINDOW_MS) return undefined;
      return { value: row.value, version: row.version };
    } catch {
      return undefined;
    }
  }

  private async counted(context: StatsContext, state: KeyState, slotVersion: number): Promise<ProtectedPopulation> {
    const inMemory = this.refreshable(state, POPULATION);
    const kept = inMemory ? undefined : await this.keptEarlier(state, POPULATION.key, slotVersion);
    const earlier = inMemory
      ? { groups: populationGroupsOf.get(inMemory.value), version: inMemory.version }
      : kept && { groups: kept.value as readonly PopulationGroup[], version: kept.version };
    if (kept !== undefined && kept.version === slotVersion) {
      this.refreshes.kept += 1;
      return this.protect(context, kept.value as readonly PopulationGroup[], kept.version);
    }
    const groups = earlier?.groups;
    return this.upToDate(
      context.organizationId,
      groups === undefined ? undefined : earlier?.version,
      async (changes) => {
        const later = changes.responses.length === 0 ? [] : await populationGroups(this.db, { ...context, only: changes.responses });
        return this.protect(context, addPopulationGroups(groups!, later), changes.version);
      },
      async () => {
        const { value, version } = await this.observed(context, (observing) => populationGroups(this.db, observing));
        return this.protect(context, value, version);
      },
    );
  }

  /** A question counted again, or brought up to date by adding the responses added since its newest value. */
  private async built(context: StatsContext, state: KeyState, name: string, build: QuestionBuild, slotVersion: number): Promise<BuiltQuestion> {
    const part = this.questionPart(name);
    const inMemory = this.refreshable(state, part);
    const kept = inMemory ? undefined : await this.keptEarlier(state, part.key, slotVersion);
    const earlier = inMemory ? { question: inMemory.value.question, version: inMemory.version } : kept && { question: kept.value as BuiltQuestion, version: kept.version };
    if (kept !== undefined && kept.version === slotVersion) {
      this.refreshes.kept += 1;
      this.exactVersions.set(kept.value as BuiltQuestion, kept.version);
      return kept.value as BuiltQuestion;
    }
    return this.upToDate(
      context.organizationId,
      earlier?.version,
      async (changes) => {
        const before = earlier!.question;
        const question: BuiltQuestion =
          changes.responses.length === 0 ? before : added(before, await build({ ...context, only: changes.responses }));
        this.exactVersions.set(question, changes.version);
        return question;
      },
      async () => (await this.observed(context, build)).value,
    );
  }

  /** The slot's population, counted now unless a part already started it (or `from` counts it). */
  private populationOf(context: StatsContext, state: KeyState, slot: Slot, from?: Promise<BuiltQuestion>): Promise<ProtectedPopulation> {
    if (slot.population === undefined) {
      const population = from
        ? from.then(
            (question) => (question.respondents ? this.protect(context, question.respondents, this.exactVersions.get(question)) : this.counted(context, state, slot.version)),
            () => this.counted(context, state, slot.version),
          )
        : this.counted(context, state, slot.version);
      slot.population = population;
      population.catch(() => {
        slot.failed = true;
      });
    }
    return slot.population;
  }

  /** The key's state with its newest slot at the organisation's current version. */
  private async stateOf(context: StatsContext): Promise<KeyState> {
    const key = this.keyOf(context);
    await this.releasedFor(context.organizationId);
    const version = await this.versionOf(context.organizationId);
    const known = this.keys.get(key);
    if (known) {
      // Read again: it moves to the end of the map's order, the least recently read stay first.
      this.keys.delete(key);
      this.keys.set(key, known);
      if (known.newest.version !== version || known.newest.failed) known.newest = this.newSlot(version);
      return known;
    }
    if (this.keys.size >= (this.options.maxSelections ?? MAX_SELECTIONS)) this.letGo(this.keys.values().next().value!);
    const state: KeyState = {
      key,
      organizationId: context.organizationId,
      keeps: keepsSelection(context),
      keptVersions: new Map(),
      newest: this.newSlot(version),
      ready: new Map(),
      took: new Map(),
      latest: new Map(),
      bytes: 0,
    };
    this.keys.set(key, state);
    return state;
  }

  private letGo(state: KeyState): void {
    this.keys.delete(state.key);
    this.keptBytes -= state.bytes;
  }

  /** Lets the least recently read selections go while the kept figures are over the byte bound; the one just read stays. */
  private trim(current: KeyState): void {
    const limit = this.options.maxBytes ?? DEFAULT_CACHE_BYTES;
    while (this.keptBytes > limit) {
      const oldest = this.keys.values().next().value;
      if (oldest === undefined || oldest === current) return;
      this.letGo(oldest);
    }
  }

  /** Records that a part is ready in a slot; an older slot forgets its copy of the part. */
  private markReady<T>(state: KeyState, part: Part<T>, slot: Slot, took: number, value: T): void {
    const current = state.ready.get(part.key);
    if (current !== undefined && current.sequence >= slot.sequence) return;
    state.ready.set(part.key, slot);
    // The first caller's measure is recorded: its callback runs first and it waited longest.
    state.took.set(part.key, took);
    const counted = part.counted?.(value);
    const bytes = part.bytes(value);
    const change = bytes - (state.latest.get(part.key)?.bytes ?? 0);
    const version = counted === undefined ? undefined : this.exactVersions.get(counted);
    state.latest.set(part.key, { value, version, at: this.now(), bytes });
    this.keep(state, part, version, value);
    // A selection let go while its part was computed keeps nothing.
    if (this.keys.get(state.key) === state) {
      state.bytes += change;
      this.keptBytes += change;
      this.trim(state);
    }
    if (current === undefined) return;
    part.forget(current);
  }

  /** Saves a part counted exactly at `version` for the next process, unless its kept row already holds that version. */
  private keep<T>(state: KeyState, part: Part<T>, version: number | undefined, value: T): void {
    const kept = this.options.kept;
    if (kept === undefined || !state.keeps || version === undefined || part.kept === undefined) return;
    if (state.keptVersions.get(part.key) === version) return;
    const data = part.kept(value);
    if (data === undefined) return;
    state.keptVersions.set(part.key, version);
    void kept.save(state.organizationId, state.key, part.key, version, data);
  }

  /**
   * A part of the newest slot, or of the newest slot in which it is ready when the newest one
   * takes longer than freshWaitMs. When the part took longer than that the last time, the
   * earlier figures answer at once rather than after the wait.
   */
  private async resolve<T>(context: StatsContext, part: Part<T>, get: (slot: Slot, state: KeyState) => Promise<T>): Promise<T> {
    const state = await this.stateOf(context);
    const fresh = state.newest;
    const started = this.now();
    const pending = get(fresh, state);
    pending.then(
      (value) => this.markReady(state, part, fresh, this.now() - started, value),
      () => undefined,
    );
    const earlier = state.ready.get(part.key);
    if (earlier === undefined || earlier === fresh) return pending;
    if ((state.took.get(part.key) ?? 0) > this.options.freshWaitMs) return get(earlier, state);
    let timer: NodeJS.Timeout | undefined;
    const previous = new Promise<T>((resolve, reject) => {
      timer = setTimeout(() => {
        // The newest ready slot by now (never forgotten), in case a newer one became ready.
        const ready = state.ready.get(part.key) ?? fresh;
        get(ready, state).then(resolve, reject);
      }, this.options.freshWaitMs);
      timer.unref();
    });
    try {
      return await Promise.race([pending, previous]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The protected population of the context. */
  async population(context: StatsContext): Promise<ProtectedPopulation> {
    return this.resolve(context, POPULATION, (slot, state) => this.populationOf(context, state, slot));
  }

  /**
   * A question of the population, built once per population, with that population. When the
   * question's GROUP BY also counts the population (`countsPopulation`: a single answer over the
   * responses alone) and nothing has started the population yet, it comes from that query.
   */
  private questionPart(name: string): Part<{ population: ProtectedPopulation; question: BuiltQuestion }> {
    return {
      key: `question:${name}`,
      forget: (slot) => slot.questions.delete(name),
      bytes: ({ question }) => questionBytes(question),
      counted: ({ question }) => question,
      kept: ({ question }) => question,
    };
  }

  async question(
    context: StatsContext,
    name: string,
    build: QuestionBuild,
    countsPopulation = false,
  ): Promise<{ population: ProtectedPopulation; question: StatsQuestion }> {
    return this.resolve(context, this.questionPart(name), async (slot, state) => {
      let question = slot.questions.get(name);
      if (!question) {
        question = this.built(context, state, name, build, slot.version);
        slot.questions.set(name, question);
        question.catch(() => slot.questions.delete(name));
      }
      const population = this.populationOf(context, state, slot, countsPopulation ? question : undefined);
      const [protectedPopulation, built] = await Promise.all([population, question]);
      return { population: protectedPopulation, question: built };
    });
  }


  /** Any other figure of the same responses, computed once per population and key. */
  async figure<T>(context: StatsContext, key: string, compute: () => Promise<T>): Promise<T> {
    const part: Part<T> = { key: `figure:${key}`, forget: (slot) => slot.figures.delete(key), bytes: figureBytes };
    return this.resolve(context, part, (slot) => {
      let figure = slot.figures.get(key) as Promise<T> | undefined;
      if (!figure) {
        figure = compute();
        slot.figures.set(key, figure);
        figure.catch(() => slot.figures.delete(key));
      }
      return figure;
    });
  }

  /** Resolves when every slot being computed is done (benchmarks measure the refresh with this). */
  async settled(): Promise<void> {
    const work = [...this.keys.values()].flatMap(({ newest }) => [...(newest.population ? [newest.population] : []), ...newest.questions.values(), ...newest.figures.values()]);
    await Promise.allSettled(work);
    await this.options.kept?.settled();
  }

  /** m: the least number of people a release block holds. */
  get blockSize(): number {
    return (this.options.batchRules ?? DEFAULT_BATCH_RULES).blockSize;
  }

  get size(): number {
    return this.keys.size;
  }

  /** Estimated bytes of the figures kept (what `maxBytes` bounds). */
  get bytes(): number {
    return this.keptBytes;
  }

  /** Forgets every population (benchmarks measure the first call with this). */
  clear(): void {
    this.keys.clear();
    this.keptBytes = 0;
  }
}
