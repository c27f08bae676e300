import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { Forwarder } from './sentry';
import { type ErrorRecord, storeError } from './store';

export { listErrors, type ErrorRecord } from './store';

export interface Tracer {
  /** Scrubs, stores (or counts) and, with SENTRY_DSN, forwards one error. Never rejects. */
  record(record: ErrorRecord): Promise<{ readonly stored: boolean; readonly isNew: boolean }>;
  /** Resolves when every forward started so far has ended (tests, shutdown). */
  settled(): Promise<void>;
}

export const createTracer = (db: Kysely<Database>, forward: Forwarder | undefined, log: FastifyBaseLogger): Tracer => {
  const inFlight = new Set<Promise<void>>();
  return {
    record: async (raw) => {
      try {
        const { record, isNew } = await storeError(db, raw);
        if (forward !== undefined) {
          const sending = forward(record).finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
        return { stored: true, isNew };
      } catch (error) {
        // Tracing is best effort: a database that cannot store the error must not add a second failure.
        log.error({ err: error }, 'could not store an error report');
        return { stored: false, isNew: false };
      }
    },
    settled: async () => {
      await Promise.all([...inFlight]);
    },
  };
};
