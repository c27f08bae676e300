import type { FastifyInstance } from 'fastify';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { getSurveyQuestions, QuestionDefinition, SurveyMessages } from '../../domain/contracts/survey';
import { SURVEY_QUESTIONS } from '../../domain/survey/questions';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind });
  // A survey the database knows but this build has no questions for.
  await database.db.insertInto('surveys').values({ id: 7, name: 'Extra survey' }).execute();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const questions = (query = '') => app.inject({ method: 'GET', url: `/api/survey/survey-questions${query}` });

describe('GET /api/survey/survey-questions', () => {
  it('answers the definitions of survey 1 without any sign-in, in order', async () => {
    const response = await questions();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    const decoded = getSurveyQuestions.data.decode(body.data);
    expect(isRight(decoded)).toBe(true);
    expect(body.data).toEqual(JSON.parse(JSON.stringify(SURVEY_QUESTIONS[1])));
    const orders = (body.data as QuestionDefinition[]).map((q) => q.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect((body.data as QuestionDefinition[]).map((q) => q.id)).toEqual(expect.arrayContaining([1, 2, 33]));
  });

  it('reads survey_id, 1 by default', async () => {
    const byDefault = (await questions()).json();
    const explicit = await questions('?survey_id=1');
    expect(explicit.statusCode).toBe(200);
    expect(explicit.json()).toEqual(byDefault);
  });

  it('every definition decodes with the strict contract codec', async () => {
    const { data } = (await questions()).json();
    for (const definition of data) expect(isRight(t.exact(QuestionDefinition.type).decode(definition)), definition.key).toBe(true);
  });

  it.each(['2', '0', '999999999', '7'])('answers 404 survey-does-not-exist for survey %s', async (id) => {
    const response = await questions(`?survey_id=${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: SurveyMessages.surveyNotFound });
  });

  it.each(['abc', '-1', '1.5', '', '1e3', '1234567890'])('answers 422 for survey_id=%s, never 500', async (id) => {
    const response = await questions(`?survey_id=${encodeURIComponent(id)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, message: Messages.invalidData, errors: { survey_id: [expect.any(String)] } });
  });

  it('answers 422 for a repeated survey_id', async () => {
    const response = await questions('?survey_id=1&survey_id=2');
    expect(response.statusCode).toBe(422);
  });
});
