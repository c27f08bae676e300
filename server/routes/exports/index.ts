import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifyInstance } from 'fastify';
import type * as t from 'io-ts';
import { ExportCompareBody, ExportExcelBody, exportEndpoints } from '../../../domain/contracts/exports';
import type { AnyEndpoint } from '../../../domain/contracts/endpoint';
import { aiExportEndpoints } from '../../../domain/contracts/aiExport';
import { decodeOrThrow } from '../../http/decode';
import { localeHeader } from '../../http/locale';
import { languageFor } from '../../../domain/i18n/precedence';
import { registerEndpoint, routePath } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { type ExportCaller, type ExportFile, exportDashboard } from '../../services/exports';
import { exportCompare } from '../../services/exports/compare';
import { ExportMutualityBody, mutualityEndpoints } from '../../../domain/contracts/mutuality';
import { exportMutuality } from '../../services/exports/mutuality';
import { understandExport } from '../../services/aiExport';
import { ReportDefinition, reportEndpoints } from '../../../domain/contracts/reports';
import { exportReport } from '../../services/reports';
import { deleteReport, listReports, saveReport } from '../../services/reports/saved';

/**
 * The spreadsheet exports: POST /general/export-excel (a dashboard page as a spreadsheet, or
 * one card as CSV), POST /general/export-excel-compare and /general/export-key-facts-compare
 * (a comparison). The body is decoded with the contract's codec (422 on anything else); the
 * answer is the file itself, not an envelope, so the routes are declared here rather than
 * with registerEndpoint.
 */
export const exportRoutes: FastifyPluginAsync = async (app) => {
  const fileRoute = <C extends t.Mixed>(scope: FastifyInstance, endpoint: AnyEndpoint, codec: C, make: (caller: ExportCaller, body: t.TypeOf<C>) => Promise<ExportFile>) => {
    if (scope.hasDecorator('registeredEndpoints')) scope.registeredEndpoints.push(endpoint);
    scope.route({
      method: endpoint.method,
      url: routePath(endpoint.path),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const body = decodeOrThrow(codec, request.body ?? {}, 'body');
        // The file is in the exporting person's account language, not only the screen's (docs/languages.md).
        const auth = authOf(request);
        const locale = languageFor('export', { account: auth.user.locale_id, request: localeHeader(request) });
        const caller = { auth, locale, statistics: app.releasedStatistics.for(auth, locale) };
        const file = await make(caller, body);
        return reply
          .code(200)
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.body);
      },
    });
  };
  await app.register(
    authenticated(async (scope) => {
      // GET /general/ai/export: what a prompt asks for, as an export description (never a figure).
      registerEndpoint(scope, aiExportEndpoints.understand, async ({ query, request }) => {
        const auth = authOf(request);
        const { organization } = auth;
        return understandExport(app.db, app.config.ai, {
          organizationId: organization.id,
          organizationName: organization.name,
          auth,
          prompt: query.prompt,
          ...(query['date-tag'] === undefined ? {} : { dateTag: query['date-tag'] }),
          today: new Date().toISOString().slice(0, 10),
        });
      });

      fileRoute(scope, exportEndpoints.exportExcel, ExportExcelBody, (caller, body) => exportDashboard(app.db, caller, body));
      fileRoute(scope, exportEndpoints.exportExcelCompare, ExportCompareBody, (caller, body) => exportCompare(app.db, caller, body, 'excel'));
      fileRoute(scope, exportEndpoints.exportKeyFactsCompare, ExportCompareBody, (caller, body) => exportCompare(app.db, caller, body, 'key-facts'));
      // The report builder's saved definitions (no figures: a definition is run again on new data).
      registerEndpoint(scope, reportEndpoints.list, async ({ request }) => listReports(app.db, authOf(request)));
      registerEndpoint(scope, reportEndpoints.save, async ({ request, body }) => saveReport(app.db, authOf(request), body));
      registerEndpoint(scope, reportEndpoints.remove, async ({ request, body }) => deleteReport(app.db, authOf(request), body.id));
      fileRoute(scope, reportEndpoints.exportReport, ReportDefinition, (caller, body) => exportReport(app.db, caller, body));
      fileRoute(scope, mutualityEndpoints.exportExcel, ExportMutualityBody, (caller, body) => exportMutuality(app.db, caller, body));
    }),
  );
};
