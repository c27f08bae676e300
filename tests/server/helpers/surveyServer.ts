import type { FastifyInstance } from 'fastify';
import type { AnswerValue } from '../../../domain/contracts/survey';
import { buildApp } from '../../../server/app';
import type { OpenDatabase } from '../../../server/db/connect';
import { createCapturingMailer, type MailMessage } from '../../../server/services/mail';
import { type IdOf, lookupIds, validQuestions } from './surveyResponses';
import { createTestDatabase } from './testDatabase';
import { testConfig } from './testConfig';

/** The address the survey tests' emailed links start with. */
export const SURVEY_APP_URL = 'https://riverbend.example.org';

export interface SurveyServer {
  readonly database: OpenDatabase;
  readonly app: FastifyInstance;
  /** Every mail the app sent, newest last. */
  readonly mail: MailMessage[];
  readonly idOf: IdOf;
  /** Answers that pass every check (question 3 aside, which needs a group). */
  readonly valid: Record<string, AnswerValue>;
}

/** One database with the lookup lists, and the app over it with a capturing mailer. */
export const openSurveyServer = async (): Promise<SurveyServer> => {
  const database = await createTestDatabase({ lookups: true });
  const capturing = createCapturingMailer();
  const app = await buildApp(testConfig({ appUrl: SURVEY_APP_URL }), { db: database.db, dbKind: database.kind, mailer: capturing.mailer });
  const idOf = lookupIds(database.db);
  return { database, app, mail: capturing.messages, idOf, valid: await validQuestions(idOf) };
};

export const closeSurveyServer = async (server: Partial<Pick<SurveyServer, 'app' | 'database'>>): Promise<void> => {
  await server.app?.close();
  await server.database?.close();
};
