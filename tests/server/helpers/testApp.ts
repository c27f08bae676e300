import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { ServerConfig } from '../../../server/config';
import { createCapturingMailer, type MailMessage } from '../../../server/services/mail';
import type { TemplateOptions } from './templateDatabases';
import { createTestDatabase, type TestDatabase } from './testDatabase';
import { testConfig } from './testConfig';

export interface TestApp {
  readonly database: TestDatabase;
  readonly app: FastifyInstance;
  /** Every mail the app sent, newest last. */
  readonly mail: MailMessage[];
}

export interface TestAppOptions {
  /** The app's configuration; `testConfig()` when absent. */
  readonly config?: ServerConfig;
  /** What the fresh database holds beyond the migrations and reference data. */
  readonly database?: TemplateOptions;
}

/** A fresh test database and the app over it, sending mail to a capturing mailer. */
export const openTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = await createTestDatabase(options.database);
  const capturing = createCapturingMailer();
  const app = await buildApp(options.config ?? testConfig(), { db: database.db, dbKind: database.kind, mailer: capturing.mailer });
  return { database, app, mail: capturing.messages };
};

/** Closes what `openTestApp` opened, whichever parts of it started. */
export const closeTestApp = async (opened: Partial<Pick<TestApp, 'app' | 'database'>>): Promise<void> => {
  await opened.app?.close();
  await opened.database?.close();
};
