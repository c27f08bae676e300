import type { FastifyPluginAsync } from 'fastify';
import { CALENDAR_FEED_PREFIX, calendarEndpoints as C } from '../../../domain/contracts/calendar';
import { decodeOrThrow } from '../../http/decode';
import { registerEndpoint, routePath } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { calendarEvents, calendarFeed, calendarIcs, calendarViewIcs, calendarWorkbook, createCalendarFeed, revokeCalendarFeed } from '../../services/calendar';

/**
 * The cultural diversity calendar: events (JSON), the year as a spreadsheet, and the private
 * iCalendar link (create, revoke, and the public feed its token opens).
 */
export const calendarRoutes: FastifyPluginAsync = async (app) => {
  // Public: the token in the address is the only credential; a revoked or unknown one answers 404.
  app.get<{ Params: { token: string } }>(`/api${CALENDAR_FEED_PREFIX}:token`, { config: { rateLimit: { max: 60, timeWindow: 60_000 } } }, async (request, reply) => {
    const token = request.params.token.replace(/\.ics$/, '');
    const body = await calendarIcs(app.db, token);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=3600').send(body);
  });

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, C.events, async ({ request, query }) => calendarEvents(app.db, { auth: authOf(request), statistics: app.releasedStatistics.for(authOf(request), undefined) }, query));
      registerEndpoint(scope, C.feed, async ({ request }) => calendarFeed(app.db, authOf(request)));
      registerEndpoint(scope, C.createFeed, async ({ request }) => createCalendarFeed(app.db, { auth: authOf(request), address: request.ip, appUrl: app.config.appUrl }));
      registerEndpoint(scope, C.revokeFeed, async ({ request }) => revokeCalendarFeed(app.db, { auth: authOf(request), address: request.ip, appUrl: app.config.appUrl }));
      // A file, not an envelope: declared by hand, still listed with the contract's endpoints.
      scope.registeredEndpoints.push(C.exportYear);
      scope.get(routePath(C.exportYear.path), async (request, reply) => {
        const { view } = decodeOrThrow(C.exportYear.query, request.query ?? {}, 'query');
        const file = await calendarWorkbook(app.db, { auth: authOf(request), statistics: app.releasedStatistics.for(authOf(request), undefined) }, view);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
      });
      scope.registeredEndpoints.push(C.exportIcs);
      scope.get(routePath(C.exportIcs.path), async (request, reply) => {
        const query = decodeOrThrow(C.exportIcs.query, request.query ?? {}, 'query');
        const file = await calendarViewIcs(app.db, { auth: authOf(request), statistics: app.releasedStatistics.for(authOf(request), undefined) }, query);
        return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
      });
    }),
  );
};
