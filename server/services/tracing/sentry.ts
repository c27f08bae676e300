import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorRecord } from './store';

/** Where a Sentry DSN says events go: `https://<key>@<host>[/<path>]/<project>`. */
export interface SentryTarget {
  readonly dsn: string;
  readonly envelopeUrl: string;
  readonly publicKey: string;
}

/** Parses a DSN, or says why it is not one. */
export const parseSentryDsn = (dsn: string): SentryTarget | string => {
  if (!URL.canParse(dsn)) return 'not a URL';
  const url = new URL(dsn);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'expected http(s)';
  if (url.username === '') return 'no public key before the @';
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const project = segments.pop();
  if (project === undefined || !/^\w+$/.test(project)) return 'no project id at the end of the path';
  const prefix = segments.length === 0 ? '' : `/${segments.join('/')}`;
  return { dsn, publicKey: decodeURIComponent(url.username), envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/` };
};

const FORWARD_TIMEOUT_MS = 5_000;

/**
 * One event in Sentry's envelope format (a header line, an item header line, the event),
 * built from an already scrubbed record: nothing reaches the service that the local list
 * does not show.
 */
export const sentryEnvelope = (target: SentryTarget, record: ErrorRecord, environment: string, now: Date): string => {
  const eventId = randomUUID().replaceAll('-', '');
  const event = {
    event_id: eventId,
    timestamp: now.getTime() / 1000,
    platform: record.source === 'client' ? 'javascript' : 'node',
    level: 'error',
    environment,
    logger: `commonweave.${record.source}`,
    exception: { values: [{ type: record.kind, value: record.message }] },
    tags: { source: record.source, kind: record.kind, ...(record.code === null ? {} : { code: record.code }) },
    ...(record.url === null ? {} : { request: { url: record.url } }),
    ...(record.stack === null ? {} : { extra: { stack: record.stack } }),
  };
  return [
    JSON.stringify({ event_id: eventId, dsn: target.dsn, sent_at: now.toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
};

export type Forwarder = (record: ErrorRecord) => Promise<void>;

/** Sends each record to the service; a failure is logged, never thrown (tracing must not break a request). */
export const createSentryForwarder = (target: SentryTarget, environment: string, log: FastifyBaseLogger): Forwarder => async (record) => {
  try {
    const response = await fetch(target.envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=commonweave/1`,
      },
      body: sentryEnvelope(target, record, environment, new Date()),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) log.warn({ status: response.status }, 'error tracing service refused a report');
  } catch (error) {
    log.warn({ err: error }, 'error tracing service unreachable');
  }
};
