import type { FastifyInstance } from 'fastify';
import type { AnswerValue } from '../../../domain/contracts/survey';
import type { OpenDatabase } from '../../../server/db/connect';
import type { MailMessage } from '../../../server/services/mail';
import { type IdOf, lookupIds, validQuestions } from './surveyResponses';
import { closeTestApp, openTestApp } from './testApp';
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
  const { database, app, mail } = await openTestApp({ config: testConfig({ appUrl: SURVEY_APP_URL }), database: { lookups: true } });
  const idOf = lookupIds(database.db);
  return { database, app, mail, idOf, valid: await validQuestions(idOf) };
};

export const closeSurveyServer = closeTestApp;
