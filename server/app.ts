import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DbKind, OpenDatabase } from './db/connect';
import type { Database } from './db/database';
import { registerClient } from './http/client';
import { registerCompression } from './http/compression';
import { decorateServices } from './decorations';
import { apiErrorHandler, frameworkErrorHandler } from './http/errorHandler';
import { MAX_BODY_BYTES, registerJsonBodyParser } from './http/jsonBody';
import { noStoreOnApiAnswers } from './http/noStore';
import { registerRateLimits } from './http/rateLimits';
import { decorateAuth } from './plugins/auth';
import { authRoutes } from './routes/auth';
import { devRoutes } from './routes/dev';
import { lookupRoutes } from './routes/lookups';
import { LookupList } from '../domain/contracts/lookups';
import { questionById, surveyQuestions } from '../domain/survey/questions';
import { memberRoutes } from './routes/members';
import { peopleRoutes } from './routes/people';
import { campaignRoutes } from './routes/campaigns';
import { campaignParticipationRoutes } from './routes/campaigns/participation';
import { organizationRoutes } from './routes/organization';
import { ssoRoutes } from './routes/sso';
import { statisticsRoutes } from './routes/statistics';
import { censusRoutes } from './routes/census';
import { extraSurveyRoutes } from './routes/extraSurvey';
import { exportRoutes } from './routes/exports';
import { certificateRoutes } from './routes/certificates';
import { calendarRoutes } from './routes/calendar';
import { surveyQuestionRoutes } from './routes/survey/questions';
import { surveyResponseRoutes } from './routes/survey/responses';
import { surveyGroupRoutes } from './routes/survey/groups';
import { systemRoutes } from './routes/system';
import { tokenRoutes } from './routes/tokens';
import { userRoutes } from './routes/user';
import { createMailer, type Mailer } from './services/mail';
import { createMetrics } from './http/metrics';
import { unsentMailCount } from './services/mail/outbox';
import { ReplicaRouter, attachReplica } from './db/replica';
import { operatorRoutes } from './routes/operator';
import { openApiRoutes } from './routes/system/openapi';
import { createTracer } from './services/tracing';
import { createSentryForwarder } from './services/tracing/sentry';
import { tracingRoutes } from './routes/tracing';
import { unsubscribeRoutes } from './routes/campaigns/unsubscribe';
import { packageRoutes } from './routes/organization/package';

export interface AppDeps {
  readonly db: Kysely<Database>;
  readonly dbKind: DbKind;
  /** Defaults to the outbox/SMTP mailer; tests pass a capturing one. */
  readonly mailer?: Mailer;
  /** The embedded database's dump (backups) and the PostgreSQL pool's figures (metrics). */
  readonly database?: Pick<OpenDatabase, 'dumpDataDir' | 'poolStats' | 'replica'>;
}

// Bodies are never logged, and the query string is cut off because links carry tokens.
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  remoteAddress: request.ip,
});

const contentSecurityPolicy = (production: boolean) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // react-aria positions overlays with inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    ...(production ? { upgradeInsecureRequests: [] } : {}),
  },
});

/** The HTTP application with its plugins in a fixed order: external, ours, routes, client. */
/** Principle search by question_id: the lookup list the survey's question draws from. */
const lookupListOfQuestion = (questionId: number): LookupList | undefined => {
  const list = questionById(surveyQuestions(1) ?? [], questionId)?.lookup;
  return LookupList.is(list) ? list : undefined;
};

/** Sends the statistics' counting queries to the read replica from now on (db/replica.ts). */
const replicaFor = (config: ServerConfig, primary: Kysely<Database>, replica: Kysely<Database>): ReplicaRouter => {
  const router = new ReplicaRouter(primary, replica, { waitMs: Math.min(config.statisticsFreshWaitMs, config.replicaWaitMs), log: (line) => console.warn(line) });
  attachReplica(router);
  return router;
};

export const buildApp = async (config: ServerConfig, deps: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: requestSerializer } },
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
    bodyLimit: MAX_BODY_BYTES,
  });
  app.setErrorHandler(apiErrorHandler);
  registerJsonBodyParser(app);
  noStoreOnApiAnswers(app);
  const replica = deps.database?.replica === undefined ? undefined : replicaFor(config, deps.db, deps.database.replica);
  const metrics = createMetrics(() => unsentMailCount(deps.db), deps.database, replica);
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(config.production),
    strictTransportSecurity: config.production,
  });
  await app.register(fastifyCookie);
  await registerCompression(app);

  decorateServices(app, {
    db: deps.db,
    dbKind: deps.dbKind,
    config,
    mailer: deps.mailer ?? createMailer(config, deps.db, app.log),
    tracer: createTracer(deps.db, config.sentry && createSentryForwarder(config.sentry, config.environment, app.log), app.log),
  });
  app.addHook('onClose', async () => app.tracer.settled());
  app.addHook('onClose', async () => app.mailer.close?.());
  decorateAuth(app);
  await registerRateLimits(app);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(organizationRoutes);
  await app.register(packageRoutes);
  await app.register(ssoRoutes);
  await app.register(tokenRoutes);
  await app.register(memberRoutes);
  await app.register(peopleRoutes);
  await app.register(campaignRoutes);
  await app.register(campaignParticipationRoutes);
  await app.register(surveyQuestionRoutes);
  await app.register(lookupRoutes, { listOfQuestion: lookupListOfQuestion });
  await app.register(surveyGroupRoutes);
  await app.register(surveyResponseRoutes);
  await app.register(statisticsRoutes);
  await app.register(censusRoutes);
  await app.register(exportRoutes);
  await app.register(extraSurveyRoutes);
  await app.register(certificateRoutes);
  await app.register(calendarRoutes);
  await app.register(devRoutes);
  await app.register(openApiRoutes);
  await app.register(operatorRoutes({ metrics, ...(deps.database === undefined ? {} : { database: deps.database }) }));
  await app.register(tracingRoutes);
  await app.register(unsubscribeRoutes);

  await registerClient(app, config.clientDir);
  await app.ready();
  return app;
};
