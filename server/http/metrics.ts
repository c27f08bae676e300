import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { submitSurvey } from '../../domain/contracts/responses';
import { statisticsEndpoints } from '../../domain/contracts/statistics';
import type { AnyEndpoint } from '../../domain/contracts/endpoint';
import type { OpenDatabase } from '../db/connect';
import type { ReplicaRouter } from '../db/replica';
import { routePath } from './route';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' && value !== null && typeof (value as AnyEndpoint).path === 'string' && typeof (value as AnyEndpoint).method === 'string';

/** The endpoints in a contract's plain-object grouping, however deep (pages, then cards). */
const endpointsIn = (value: unknown): AnyEndpoint[] => {
  if (isEndpoint(value)) return [value];
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return [];
  return Object.values(value).flatMap(endpointsIn);
};

/** How far the read replica is behind, and which database answered the statistics' counts. */
const replicaMetrics = (registry: Registry, replica: ReplicaRouter): void => {
  new Gauge({
    name: 'statistics_replica_lag_seconds',
    help: 'Seconds the read replica has not replayed (0 when it has replayed all it received; -1 when it does not answer)',
    registers: [registry],
    async collect() {
      this.set((await replica.lag())?.seconds ?? -1);
    },
  });
  new Gauge({
    name: 'statistics_replica_lag_bytes',
    help: "Bytes of the primary's WAL the read replica has not replayed (-1 when it does not answer)",
    registers: [registry],
    async collect() {
      this.set((await replica.lag())?.bytes ?? -1);
    },
  });
  new Gauge({
    name: 'statistics_counts_served_total',
    help: 'Counting queries of the statistics, by the database that answered them',
    labelNames: ['served_by'],
    registers: [registry],
    collect() {
      const { served } = replica.figures();
      this.set({ served_by: 'replica' }, served.replica);
      this.set({ served_by: 'primary' }, served.primary);
    },
  });
  new Gauge({
    name: 'statistics_replica_fallbacks_total',
    help: 'Counts left to the primary, by why: the replica lagging, down, or failing the query',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      const { fallbacks } = replica.figures();
      for (const reason of ['lagging', 'down', 'failed'] as const) this.set({ reason }, fallbacks[reason]);
    },
  });
};

const statisticsRoutes = new Set(endpointsIn(statisticsEndpoints).map((endpoint) => routePath(endpoint.path)));
const SUBMIT_ROUTE = routePath(submitSurvey.path);

export interface Metrics {
  readonly registry: Registry;
  /** Called once per answered request (an onResponse hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The server's metrics in Prometheus's format, one registry per app: request rate and latency
 * per route, the time statistics take, submits accepted and refused, the database pool and
 * the mail still waiting in the outbox, and Node's own process figures.
 */
export const createMetrics = (unsentMail: () => Promise<number>, database?: Pick<OpenDatabase, 'poolStats'>, replica?: ReplicaRouter): Metrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const statistics = new Histogram({
    name: 'statistics_duration_seconds',
    help: 'Time to answer a statistics request, protection included, by route pattern',
    labelNames: ['route'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const submits = new Counter({
    name: 'survey_submits_total',
    help: 'Survey submissions, accepted or refused',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'database_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (the embedded database has one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database?.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'mail_outbox_unsent',
    help: 'Messages in the outbox not sent yet (all of them when no SMTP server is set)',
    registers: [registry],
    async collect() {
      this.set(await unsentMail());
    },
  });
  if (replica !== undefined) replicaMetrics(registry, replica);

  return {
    registry,
    observe: (request, reply) => {
      // The route's pattern, not its URL: ids and tokens stay out of the labels.
      const route = request.routeOptions.url ?? 'unmatched';
      const seconds = reply.elapsedTime / 1000;
      requests.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
      if (statisticsRoutes.has(route)) statistics.observe({ route }, seconds);
      if (route === SUBMIT_ROUTE && request.method === 'POST') submits.inc({ outcome: reply.statusCode === 200 ? 'accepted' : 'refused' });
    },
  };
};
