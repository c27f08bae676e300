import type { FastifyPluginAsync } from 'fastify';
import { getReadiness } from '../../../domain/contracts/system';
import type { OpenDatabase } from '../../db/connect';
import { appliedMigration, expectedMigration } from '../../db/migrate';
import { ApiError } from '../../http/apiError';
import { requireOperator } from '../../http/operator';
import { EnvelopeReply, registerEndpoint } from '../../http/route';
import { BackupError, takeBackup } from '../../services/operator/backup';
import type { Metrics } from '../../http/metrics';

export interface OperatorRouteOptions {
  readonly metrics: Metrics;
  readonly database?: Pick<OpenDatabase, 'dumpDataDir'>;
}

/**
 * GET /api/ready for load balancers (public: it says only whether the server can serve), and
 * behind the operator token: GET /metrics in Prometheus's format, POST /api/operator/backup
 * (the embedded database as one backup file, taken while the server runs).
 */
export const operatorRoutes =
  ({ metrics, database }: OperatorRouteOptions): FastifyPluginAsync =>
  async (app) => {
    registerEndpoint(app, getReadiness, async () => {
      const expected = expectedMigration();
      const applied = await appliedMigration(app.db).catch(() => undefined);
      const readiness = { ready: applied === expected, database: app.dbKind, migration: { applied: applied ?? null, expected } };
      return readiness.ready ? readiness : new EnvelopeReply({ status: 503, data: readiness, message: 'Not ready.' }, 503);
    });

    if (app.config.operatorToken === undefined) return;
    const operatorOnly = { preHandler: requireOperator(app) };

    app.get('/metrics', operatorOnly, async (_request, reply) =>
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics()),
    );

    app.post('/api/operator/backup', operatorOnly, async (_request, reply) => {
      try {
        const backup = await takeBackup({ db: app.db, dumpDataDir: database?.dumpDataDir });
        return reply.header('cache-control', 'no-store').type('application/octet-stream').send(backup);
      } catch (error) {
        if (error instanceof BackupError) throw new ApiError(409, error.message);
        throw error;
      }
    });
  };
