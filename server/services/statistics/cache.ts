import { type Kysely, sql } from 'kysely';
import { type PopulationGroup, type ProtectedPopulation, type StatsQuestion, protectPopulation } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { type StatsContext, populationDimensions, populationGroups } from './population';

/** A question as a topic builds it; a single-answer question also counts its population (population.ts: answerGroups). */
export type BuiltQuestion = StatsQuestion & { readonly respondents?: readonly PopulationGroup[] };

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
 * After a change, a request starts the figures of the new responses and waits for them up to
 * `freshWaitMs`; if they take longer it is answered from the newest figures of earlier
 * responses that are ready, and the new ones replace them as soon as they are. Every figure
 * either way is disclosure-controlled as a whole: one request's population and question always
 * come from the same responses.
 */

export interface StatisticsCacheOptions {
  /** How long a request waits for figures of the newest responses before the previous ones answer it. */
  readonly freshWaitMs: number;
  /** Selections kept (default 2,000); the least recently read is let go first. */
  readonly maxSelections?: number;
  /** Milliseconds of a monotonic clock (tests give their own). */
  readonly now?: () => number;
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
  newest: Slot;
  /** Per part of a slot (the population, a question, a figure), the newest slot in which it is ready. */
  readonly ready: Map<string, Slot>;
  /** Per part, how long it took to compute the last time. */
  readonly took: Map<string, number>;
}

/** Different selections kept by default (each holds a few small grouped results). */
const MAX_SELECTIONS = 2000;
/** A part of a slot: its name in the key's maps, and how an older slot lets go of its copy. */
interface Part {
  readonly key: string;
  readonly forget: (slot: Slot) => void;
}

// Every slot's population is kept: the older slots' questions are released with it.
const POPULATION: Part = { key: 'population', forget: () => undefined };

export class PopulationCache {
  private readonly keys = new Map<string, KeyState>();
  private sequence = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: StatisticsCacheOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  private keyOf(context: StatsContext): string {
    const scope = context.scope.kind === 'organization' ? 'all' : [...context.scope.ids].sort().join(',');
    const selection = Object.entries(context.selection ?? {})
      .map(([name, raw]) => [name, raw === undefined || raw === null ? [] : typeof raw === 'string' ? [raw] : [...new Set(raw)].sort()] as const)
      .filter(([, keys]) => keys.length > 0 && !(keys.length === 1 && keys[0] === ''))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return JSON.stringify([context.organizationId, scope, context.period.from?.toISOString() ?? '', context.period.to?.toISOString() ?? '', context.year, selection, context.by ?? []]);
  }

  private async versionOf(organizationId: string): Promise<number> {
    const row = await sql<{ version: number | string }>`select version from statistics_versions where organization_id = ${organizationId}`.execute(this.db);
    return Number(row.rows[0]?.version ?? 0);
  }

  private newSlot(version: number): Slot {
    return { version, sequence: ++this.sequence, population: undefined, questions: new Map(), figures: new Map(), failed: false };
  }

  /** The protected population of groups counted for the context. */
  private async protect(context: StatsContext, groups: readonly PopulationGroup[]): Promise<ProtectedPopulation> {
    const by = context.by ?? [];
    const dimensions = (await populationDimensions(this.db)).filter((dimension) => (by as readonly string[]).includes(dimension.name));
    return protectPopulation({ dimensions, groups });
  }

  private async counted(context: StatsContext): Promise<ProtectedPopulation> {
    return this.protect(context, await populationGroups(this.db, context));
  }

  /** The slot's population, counted now unless a part already started it (or `from` counts it). */
  private populationOf(context: StatsContext, slot: Slot, from?: Promise<BuiltQuestion>): Promise<ProtectedPopulation> {
    if (slot.population === undefined) {
      const population = from
        ? from.then(
            (question) => (question.respondents ? this.protect(context, question.respondents) : this.counted(context)),
            () => this.counted(context),
          )
        : this.counted(context);
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
    const version = await this.versionOf(context.organizationId);
    const known = this.keys.get(key);
    if (known) {
      // Read again: it moves to the end of the map's order, the least recently read stay first.
      this.keys.delete(key);
      this.keys.set(key, known);
      if (known.newest.version !== version || known.newest.failed) known.newest = this.newSlot(version);
      return known;
    }
    if (this.keys.size >= (this.options.maxSelections ?? MAX_SELECTIONS)) this.keys.delete(this.keys.keys().next().value!);
    const state: KeyState = { newest: this.newSlot(version), ready: new Map(), took: new Map() };
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
    return this.resolve(context, POPULATION, (slot) => this.populationOf(context, slot));
  }

  /**
   * A question of the population, built once per population, with that population. When the
   * question's GROUP BY also counts the population (`countsPopulation`: a single answer over the
   * responses alone) and nothing has started the population yet, it comes from that query.
   */
  async question(
    context: StatsContext,
    name: string,
    build: () => Promise<BuiltQuestion>,
    countsPopulation = false,
  ): Promise<{ population: ProtectedPopulation; question: StatsQuestion }> {
    const part: Part = { key: `question:${name}`, forget: (slot) => slot.questions.delete(name) };
    return this.resolve(context, part, async (slot) => {
      let question = slot.questions.get(name);
      if (!question) {
        question = build();
        slot.questions.set(name, question);
        question.catch(() => slot.questions.delete(name));
      }
      const population = this.populationOf(context, slot, countsPopulation ? question : undefined);
      const [protectedPopulation, built] = await Promise.all([population, question]);
      return { population: protectedPopulation, question: built };
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
    const work = [...this.keys.values()].flatMap(({ newest }) => [...(newest.population ? [newest.population] : []), ...newest.questions.values(), ...newest.figures.values()]);
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
