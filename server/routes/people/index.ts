import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import {
  checkPeopleImport,
  confirmPeopleImport,
  getPeople,
  PEOPLE_FILE_FIELD,
  PEOPLE_FILE_MAX_BYTES,
  peopleImportProblems,
  PeopleMessages,
  uploadPeopleFile,
} from '../../../domain/contracts/people';
import { ServerMessages } from '../../../domain/contracts/errors';
import { ApiError } from '../../http/apiError';
import { decodeOrThrow } from '../../http/decode';
import { registerEndpoint, routePath } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { listPeople } from '../../services/people/list';
import { PeopleFileTooLarge } from '../../services/people/reader';
import { checkImport, confirmImport, importProblemsCsv } from '../../services/people/review';
import { stageImport } from '../../services/people/staging';

const fastifyErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/**
 * The people import (domain/contracts/people.ts holds the steps and their rules) and the list
 * of people. Multipart is registered in the upload's scope only.
 */
const importRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const db = scope.db;
  // One byte past the limit reaches the reader, which then refuses with the limit's sentence.
  await scope.register(fastifyMultipart, {
    limits: { fileSize: PEOPLE_FILE_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, fieldSize: 1024, fieldNameSize: 100, headerPairs: 50 },
  });

  registerEndpoint(scope, uploadPeopleFile, async ({ request }) => {
    if (!request.isMultipart()) throw new ApiError(422, PeopleMessages.fileMissing);
    let part;
    try {
      part = await request.file();
    } catch (error) {
      if (fastifyErrorCode(error) === 'FST_FILES_LIMIT' || fastifyErrorCode(error) === 'FST_PARTS_LIMIT') throw new ApiError(422, PeopleMessages.oneFile);
      // A broken form (no boundary, cut short): the client's fault.
      throw new ApiError(400, ServerMessages.badRequest);
    }
    if (part === undefined) throw new ApiError(422, PeopleMessages.fileMissing);
    if (part.fieldname !== PEOPLE_FILE_FIELD) {
      part.file.resume();
      throw new ApiError(422, PeopleMessages.oneFile);
    }
    try {
      return await stageImport(db, { auth: authOf(request), fileName: part.filename, content: part.file });
    } catch (error) {
      if (error instanceof PeopleFileTooLarge || fastifyErrorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, PeopleMessages.fileTooLarge);
      throw error;
    }
  });
});

const reviewRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const db = scope.db;
  registerEndpoint(scope, checkPeopleImport, async ({ body, request }) => checkImport(db, { auth: authOf(request), token: body.token, mapping: body.mapping }));
  registerEndpoint(scope, confirmPeopleImport, async ({ body, request }) => confirmImport(db, { auth: authOf(request), token: body.token, address: request.ip }));
  registerEndpoint(scope, getPeople, async ({ query, request }) => listPeople(db, { auth: authOf(request), page: query.page ?? 1 }));
});

/** The problems file is a file, not an envelope; a plain link downloads it with the token cookie. */
const problemsRoutes: FastifyPluginAsync = authenticated(
  async (scope) => {
    const db = scope.db;
    scope.registeredEndpoints.push(peopleImportProblems);
    scope.get(routePath(peopleImportProblems.path), async (request, reply) => {
      const { token } = decodeOrThrow(peopleImportProblems.query, request.query ?? {}, 'query');
      const csv = await importProblemsCsv(db, { auth: authOf(request), token });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="people-problems.csv"')
        .send(csv);
    });
  },
  { allowCookie: true },
);

export const peopleRoutes: FastifyPluginAsync = async (app) => {
  await app.register(importRoutes);
  await app.register(reviewRoutes);
  await app.register(problemsRoutes);
};
