import { type Kysely, sql } from 'kysely';
import { type ProtectedPopulation, type StatsQuestion, protectPopulation } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { type StatsContext, populationDimensions, populationGroups } from './population';

/**
 * The grouped counts and key sums of the statistics (population.ts), computed once per
 * organisation, group scope, period and year and kept until the organisation's responses change.
 *
 * Releasing a figure from them is cheap (domain/stats: a sum and a p-table look-up), but the
 * GROUP BY itself takes seconds on a large organisation, so the first figures after a change
 * take that long. Whether the responses changed is one row of
 * statistics_versions (migration 0010: triggers bump it with every write to the responses or
 * their answer rows), so a request on a warm cache reads that row only.
 *
 * After a change, a request starts the figures of the new responses and waits for them up to
 * `freshWaitMs`; if they take longer it is answered from the newest figures of earlier
 * responses that are ready, and the new ones replace them as soon as they are. Every figure
 * either way is disclosure-controlled as a whole: one request's population and question always
 * come from the same responses.
 */

export interface StatisticsCacheOptions {
  /** How long a request waits for figures of the newest responses before the previous ones answer it. */
  readonly freshWaitMs: number;
  /** Milliseconds of a monotonic clock (tests give their own). */
  readonly now?: () => number;
}

interface Slot {
  /** statistics_versions.version of the organisation the slot computes. */
  readonly version: number;
  /** Order in which slots were made: a newer slot replaces an older one even if the version went back (a restored database). */
  readonly sequence: number;
  readonly population: Promise<ProtectedPopulation>;
  /** Questions by name, so that their GROUP BY runs once. */
  readonly questions: Map<string, Promise<StatsQuestion>>;
  /** Other figures computed from the same responses (fractional shares), by key. */
  readonly figures: Map<string, Promise<unknown>>;
  failed: boolean;
}

interface KeyState {
  newest: Slot;
  /** Per part of a slot (the population, a question, a figure), the newest slot in which it is ready. */
  readonly ready: Map<string, Slot>;
  /** Per part, how long it took to compute the last time. */
  readonly took: Map<string, number>;
}

const MAX_KEYS = 200;
/** A part of a slot: its name in the key's maps, and how an older slot lets go of its copy. */
interface Part {
  readonly key: string;
  readonly forget: (slot: Slot) => void;
}

// Every slot's population is kept: the older slots' questions are released with it.
const POPULATION: Part = { key: 'population', forget: () => undefined };

/** The cache a database's statistics routes use, so that helpers called by them can share it. */
const cacheOfDatabase = new WeakMap<Kysely<Database>, PopulationCache>();

export const populationCacheOf = (db: Kysely<Database>): PopulationCache | undefined => cacheOfDatabase.get(db);

export class PopulationCache {
  private readonly keys = new Map<string, KeyState>();
  private sequence = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: StatisticsCacheOptions,
  ) {
    cacheOfDatabase.set(db, this);
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  private keyOf(context: StatsContext): string {
    const scope = context.scope.kind === 'organization' ? 'all' : [...context.scope.ids].sort().join(',');
    return [context.organizationId, scope, context.period.from?.toISOString() ?? '', context.period.to?.toISOString() ?? '', context.year].join('|');
  }

  private async versionOf(organizationId: string): Promise<number> {
    const row = await sql<{ version: number | string }>`select version from statistics_versions where organization_id = ${organizationId}`.execute(this.db);
    return Number(row.rows[0]?.version ?? 0);
  }

  private newSlot(context: StatsContext, version: number): Slot {
    const population = (async () => {
      const [dimensions, groups] = await Promise.all([populationDimensions(this.db), populationGroups(this.db, context)]);
      return protectPopulation({ dimensions, groups });
    })();
    const slot: Slot = { version, sequence: ++this.sequence, population, questions: new Map(), figures: new Map(), failed: false };
    population.catch(() => {
      slot.failed = true;
    });
    return slot;
  }

  /** The key's state with its newest slot at the organisation's current version. */
  private async stateOf(context: StatsContext): Promise<KeyState> {
    const key = this.keyOf(context);
    const version = await this.versionOf(context.organizationId);
    const known = this.keys.get(key);
    if (known && known.newest.version === version && !known.newest.failed) return known;
    if (known) {
      known.newest = this.newSlot(context, version);
      return known;
    }
    if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
    const state: KeyState = { newest: this.newSlot(context, version), ready: new Map(), took: new Map() };
    this.keys.set(key, state);
    return state;
  }

  /** Records that a part is ready in a slot; an older slot forgets its copy of the part. */
  private markReady(state: KeyState, part: Part, slot: Slot, took: number): void {
    const current = state.ready.get(part.key);
    if (current !== undefined && current.sequence >= slot.sequence) return;
    state.ready.set(part.key, slot);
    // The first caller's measure is recorded: its callback runs first and it waited longest.
    state.took.set(part.key, took);
    if (current === undefined) return;
    part.forget(current);
  }

  /**
   * A part of the newest slot, or of the newest slot in which it is ready when the newest one
   * takes longer than freshWaitMs. When the part took longer than that the last time, the
   * earlier figures answer at once rather than after the wait.
   */
  private async resolve<T>(context: StatsContext, part: Part, get: (slot: Slot) => Promise<T>): Promise<T> {
    const state = await this.stateOf(context);
    const fresh = state.newest;
    const started = this.now();
    const pending = get(fresh);
    pending.then(
      () => this.markReady(state, part, fresh, this.now() - started),
      () => undefined,
    );
    const earlier = state.ready.get(part.key);
    if (earlier === undefined || earlier === fresh) return pending;
    if ((state.took.get(part.key) ?? 0) > this.options.freshWaitMs) return get(earlier);
    let timer: NodeJS.Timeout | undefined;
    const previous = new Promise<T>((resolve, reject) => {
      timer = setTimeout(() => {
        // The newest ready slot by now (never forgotten), in case a newer one became ready.
        const ready = state.ready.get(part.key) ?? fresh;
        get(ready).then(resolve, reject);
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
    return this.resolve(context, POPULATION, (slot) => slot.population);
  }

  /** A question of the population, built once per population, with that population. */
  async question(context: StatsContext, name: string, build: () => Promise<StatsQuestion>): Promise<{ population: ProtectedPopulation; question: StatsQuestion }> {
    const part: Part = { key: `question:${name}`, forget: (slot) => slot.questions.delete(name) };
    return this.resolve(context, part, async (slot) => {
      let question = slot.questions.get(name);
      if (!question) {
        question = build();
        slot.questions.set(name, question);
        question.catch(() => slot.questions.delete(name));
      }
      const [population, built] = await Promise.all([slot.population, question]);
      return { population, question: built };
    });
  }

  /** Any other figure of the same responses, computed once per population and key. */
  async figure<T>(context: StatsContext, key: string, compute: () => Promise<T>): Promise<T> {
    const part: Part = { key: `figure:${key}`, forget: (slot) => slot.figures.delete(key) };
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
    const work = [...this.keys.values()].flatMap(({ newest }) => [newest.population, ...newest.questions.values(), ...newest.figures.values()]);
    await Promise.allSettled(work);
  }

  get size(): number {
    return this.keys.size;
  }

  /** Forgets every population (benchmarks measure the first call with this). */
  clear(): void {
    this.keys.clear();
  }
}
