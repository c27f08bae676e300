import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CENSUS_FILE_FIELD,
  CENSUS_FILE_MAX_BYTES,
  CENSUS_FILES_MAX,
  CENSUS_OFFICES,
  type CensusOffice,
  CensusUploadMessages,
  uploadCensusTable,
} from '../../../domain/contracts/mutuality';
import type { Role } from '../../../domain/contracts/auth';
import { ServerMessages } from '../../../domain/contracts/errors';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { CensusFileError, type OfficeUpload, OFFICES, loadOfficeTable } from '../../services/mutuality/offices';
import { saveCensusTable } from '../../services/mutuality/stored';
import { requireRole } from '../../services/organization/scope';

/** The administrators: they choose which census their organisation is compared with. */
const CENSUS_LOADERS: readonly Role[] = ['admin', 'second_admin'];
const TEXT_FIELDS = new Set(['office', 'table', 'year', 'population']);

/** The files of a multipart form, waiting here until the handler. */
const uploads = new WeakMap<FastifyRequest, OfficeUpload[]>();

const refuse = (field: string, message: string): ApiError => new ApiError(422, message, { [field]: [message] });

const fastifyErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/**
 * Reads the form once the caller is known to be an administrator, so nobody else makes the server
 * buffer a file: the text fields become the body the contract decodes, the files wait for the
 * handler. A file over the limit, too many files or fields, or a broken form get a sentence.
 */
const readForm = async (request: FastifyRequest): Promise<void> => {
  if (!request.isMultipart()) return;
  requireRole(authOf(request), CENSUS_LOADERS);
  const fields: Record<string, string> = {};
  const files: OfficeUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read to the end even when refused, so the request is consumed.
        const bytes = await part.toBuffer();
        if (part.fieldname !== CENSUS_FILE_FIELD) throw refuse(CENSUS_FILE_FIELD, CensusUploadMessages.tooManyFiles);
        files.push({ name: part.filename || 'table.csv', bytes });
        continue;
      }
      if (!TEXT_FIELDS.has(part.fieldname)) continue;
      if (part.fieldname in fields) throw refuse(part.fieldname, ServerMessages.fieldInvalid(part.fieldname));
      fields[part.fieldname] = String(part.value ?? '').trim();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    switch (fastifyErrorCode(error)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw refuse(CENSUS_FILE_FIELD, CensusUploadMessages.tooLarge);
      case 'FST_FILES_LIMIT':
        throw refuse(CENSUS_FILE_FIELD, CensusUploadMessages.tooManyFiles);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw new ApiError(422, CensusUploadMessages.tooManyFields);
      default:
        // A broken form (no boundary, cut short): the client's fault.
        throw new ApiError(400, ServerMessages.badRequest);
    }
  }
  if (!CENSUS_OFFICES.includes(fields.office as CensusOffice)) throw refuse('office', CensusUploadMessages.officeRequired);
  request.body = fields;
  uploads.set(request, files);
};

/**
 * POST /mutuality/census-upload (multipart: office, table, year, population, file…): an
 * administrator loads an office's census table for their organisation's comparisons.
 * Multipart is registered in this scope only.
 */
export const censusRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const db = scope.db;
  await scope.register(fastifyMultipart, {
    limits: { fileSize: CENSUS_FILE_MAX_BYTES, files: CENSUS_FILES_MAX, fields: 8, parts: CENSUS_FILES_MAX + 8, fieldSize: 1024, fieldNameSize: 100, headerPairs: 50 },
  });
  // After the auth preHandler that `authenticated` added first.
  scope.addHook('preHandler', readForm);

  registerEndpoint(scope, uploadCensusTable, async ({ body, request }) => {
    const auth = authOf(request);
    requireRole(auth, CENSUS_LOADERS);
    const files = uploads.get(request) ?? [];
    if (files.length === 0) throw refuse(CENSUS_FILE_FIELD, CensusUploadMessages.fileRequired);
    const year = body.year === undefined || body.year === '' ? undefined : /^\d{4}$/.test(body.year) ? Number(body.year) : null;
    if (year === null) throw refuse('year', CensusUploadMessages.yearInvalid);
    const population = body.population === undefined || body.population === '' ? undefined : /^\d{1,12}$/.test(body.population.replace(/[\s,]/g, '')) ? Number(body.population.replace(/[\s,]/g, '')) : null;
    if (population === null || population === 0) throw refuse('population', CensusUploadMessages.populationInvalid);
    let loaded;
    try {
      loaded = loadOfficeTable(body.office, files, { ...(body.table ? { table: body.table } : {}), ...(year === undefined ? {} : { year }), ...(population === undefined ? {} : { population }) });
    } catch (error) {
      if (error instanceof CensusFileError) throw refuse(error.message === CensusUploadMessages.populationNeeded ? 'population' : CENSUS_FILE_FIELD, error.message);
      // A file no reader foresaw: still the file's fault, said so, never a 500.
      request.log.warn({ err: error, office: body.office }, 'census file not read');
      throw refuse(CENSUS_FILE_FIELD, CensusUploadMessages.notLayout(OFFICES[body.office].publisher, files.map((file) => file.name).join(', ')));
    }
    await saveCensusTable(db, { organizationId: auth.organization.id, userId: auth.user.id }, loaded);
    return loaded.summary;
  });
});
