import type { FastifyPluginAsync } from 'fastify';
import { ExportExcelBody, exportEndpoints } from '../../../domain/contracts/exports';
import { aiExportEndpoints } from '../../../domain/contracts/aiExport';
import { decodeOrThrow } from '../../http/decode';
import { registerEndpoint, routePath } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { releasedReaderOf } from '../../http/internalRead';
import { exportDashboard } from '../../services/exports';
import { ExportMutualityBody, mutualityEndpoints } from '../../../domain/contracts/mutuality';
import { exportMutuality } from '../../services/exports/mutuality';
import { understandExport } from '../../services/aiExport';

/**
 * POST /general/export-excel: a dashboard page as a spreadsheet, or one card as CSV. The body
 * is decoded with the contract's codec (422 on anything else); the answer is the file itself,
 * not an envelope, so the route is declared here rather than with registerEndpoint.
 */
export const exportRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    authenticated(async (scope) => {
      // GET /general/ai/export: what a prompt asks for, as an export description (never a figure).
      registerEndpoint(scope, aiExportEndpoints.understand, async ({ query, request }) => {
        const { organization } = authOf(request);
        return understandExport(app.db, app.config.ai, {
          organizationId: organization.id,
          organizationName: organization.name,
          prompt: query.prompt,
          ...(query['date-tag'] === undefined ? {} : { dateTag: query['date-tag'] }),
          today: new Date().toISOString().slice(0, 10),
        });
      });

      const endpoint = exportEndpoints.exportExcel;
      if (scope.hasDecorator('registeredEndpoints')) scope.registeredEndpoints.push(endpoint);
      scope.route({
        method: endpoint.method,
        url: routePath(endpoint.path),
        handler: async (request, reply) => {
          const body = decodeOrThrow(ExportExcelBody, request.body ?? {}, 'body');
          const locale = request.headers['x-locale'];
          const caller = { auth: authOf(request), locale: typeof locale === 'string' ? locale : undefined, read: releasedReaderOf(app, request) };
          const file = await exportDashboard(app.db, caller, body);
          return reply
            .code(200)
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.fileName}"`)
            .send(file.body);
        },
      });

      // POST /general/export-excel-mutuality: Compare → External as a spreadsheet.
      const mutuality = mutualityEndpoints.exportExcel;
      if (scope.hasDecorator('registeredEndpoints')) scope.registeredEndpoints.push(mutuality);
      scope.route({
        method: mutuality.method,
        url: routePath(mutuality.path),
        handler: async (request, reply) => {
          const body = decodeOrThrow(ExportMutualityBody, request.body ?? {}, 'body');
          const locale = request.headers['x-locale'];
          const caller = { auth: authOf(request), locale: typeof locale === 'string' ? locale : undefined, read: releasedReaderOf(app, request) };
          const file = await exportMutuality(app.db, caller, body);
          return reply
            .code(200)
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.fileName}"`)
            .send(file.body);
        },
      });
    }),
  );
};
