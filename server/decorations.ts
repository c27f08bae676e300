import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnyEndpoint } from '../domain/contracts/endpoint';
import type { ServerConfig } from './config';
import type { DbKind } from './db/connect';
import type { Database } from './db/database';
import type { Mailer } from './services/mail';
import type { Tracer } from './services/tracing';
import { sessionGate } from './services/auth/gate';
import { SelectionBudget } from './services/statistics/budget';
import { PopulationCache } from './services/statistics/cache';
import { KeptGroups } from './services/statistics/keptGroups';
import { ReleasedStatistics } from './services/statistics/released';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every contract endpoint registered so far (the OpenAPI document is written from them). */
    readonly registeredEndpoints: AnyEndpoint[];
    readonly db: Kysely<Database>;
    readonly dbKind: DbKind;
    readonly config: ServerConfig;
    readonly mailer: Mailer;
    readonly tracer: Tracer;
    /** The statistics' grouped counts, kept per selection until the organisation's responses change. */
    readonly statisticsCache: PopulationCache;
    /** The organisation's hourly allowance of different statistics selections (every route that releases figures). */
    readonly statisticsBudget: SelectionBudget;
    /** The one door for released figures: every route and service that puts a figure about people in an answer asks it. */
    readonly releasedStatistics: ReleasedStatistics;
  }
}

export interface Services {
  readonly db: Kysely<Database>;
  readonly dbKind: DbKind;
  readonly config: ServerConfig;
  readonly mailer: Mailer;
  readonly tracer: Tracer;
}

/**
 * Makes the services reachable from every route plugin as `app.db`, `app.dbKind`, `app.config`,
 * `app.mailer`, `app.tracer`, `app.statisticsCache`, `app.statisticsBudget`, `app.releasedStatistics`
 * and, for the auth plugin, `app.sessionGate`. Composed here, beside server/app.ts, so that
 * server/http and server/plugins need not import the services they hand out.
 */
export const decorateServices = (app: FastifyInstance, services: Services): void => {
  app.decorate('registeredEndpoints', []);
  app.decorate('db', services.db);
  app.decorate('dbKind', services.dbKind);
  app.decorate('config', services.config);
  app.decorate('mailer', services.mailer);
  app.decorate('tracer', services.tracer);
  app.decorate('sessionGate', sessionGate(services.db));
  const budget = new SelectionBudget(services.db, services.config.statisticsSelectionsPerHour);
  const kept = new KeptGroups(services.db, (error) => app.log.warn(`Keeping counted statistics for the next start failed: ${error instanceof Error ? error.message : String(error)}`));
  // Saves under way finish before the database they write to is closed.
  app.addHook('onClose', () => kept.settled());
  const cache = new PopulationCache(services.db, {
    freshWaitMs: services.config.statisticsFreshWaitMs,
    maxSelections: services.config.statisticsCacheSelections,
    maxBytes: services.config.statisticsCacheMegabytes * 1024 * 1024,
    batchRules: { blockSize: services.config.statisticsBlockSize, waitMs: services.config.statisticsBatchWaitHours * 3_600_000 },
    kept,
  });
  app.decorate('statisticsBudget', budget);
  app.decorate('statisticsCache', cache);
  app.decorate('releasedStatistics', new ReleasedStatistics(services.db, cache, budget));
};
