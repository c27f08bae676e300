import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DbKind } from '../db/connect';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    readonly db: Kysely<Database>;
    readonly dbKind: DbKind;
    readonly config: ServerConfig;
  }
}

export interface Services {
  readonly db: Kysely<Database>;
  readonly dbKind: DbKind;
  readonly config: ServerConfig;
}

/** Makes the services reachable from every route plugin as `app.db`, `app.dbKind`, `app.config`. */
export const decorateServices = (app: FastifyInstance, services: Services): void => {
  app.decorate('db', services.db);
  app.decorate('dbKind', services.dbKind);
  app.decorate('config', services.config);
};
