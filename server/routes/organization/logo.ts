import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DETAILS_MAX,
  GroupMessages,
  LOGO_FIELD,
  LOGO_MAX_BYTES,
  LOGO_PATH,
  LogoMessages,
  updateOrganization,
} from '../../../domain/contracts/groups';
import { OrganizationMessages } from '../../../domain/contracts/organization';
import { ServerMessages } from '../../../domain/contracts/errors';
import { ApiError } from '../../http/apiError';
import { registerEndpoint, routePath } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { DomainError, invalidData } from '../../services/errors';
import { readLogo } from '../../services/organization/logo';
import { logoFailure, PROFILE_EDITORS, updateOrganizationProfile } from '../../services/organization/profile';
import { requireRole } from '../../services/organization/scope';

const TEXT_FIELDS = new Set(['name', 'details']);

/** Bytes of a text field: DETAILS_MAX characters of up to 4 bytes each, and some room. */
const FIELD_BYTES_MAX = DETAILS_MAX * 4 + 1024;

/** The served logo may not run or load anything, even when opened on its own. */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The text fields and the logo of a multipart form; the logo waits here until the handler. */
const uploads = new WeakMap<FastifyRequest, Buffer>();

const fastifyErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/**
 * Reads a multipart form after the caller is known to be allowed, so nobody else makes the
 * server buffer an upload. Text fields become the body the contract decodes; a field sent
 * twice, a file under another name, a second file, a too long value or too many fields are
 * refused with a sentence.
 */
const readForm = async (request: FastifyRequest): Promise<void> => {
  if (!request.isMultipart()) return;
  requireRole(authOf(request), PROFILE_EDITORS);
  const fields: Record<string, unknown> = {};
  let logo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read to the end even when refused, so the request is consumed.
        const bytes = await part.toBuffer();
        if (part.fieldname !== LOGO_FIELD || logo !== undefined) throw logoFailure(LogoMessages.oneFile);
        logo = bytes;
        continue;
      }
      if (!TEXT_FIELDS.has(part.fieldname)) continue;
      if (part.fieldname in fields) throw invalidData({ [part.fieldname]: [ServerMessages.fieldInvalid(part.fieldname)] });
      if (part.valueTruncated) {
        throw invalidData({ [part.fieldname]: [part.fieldname === 'name' ? OrganizationMessages.organizationNameTooLong : GroupMessages.detailsTooLong] });
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof ApiError || error instanceof DomainError) throw error;
    switch (fastifyErrorCode(error)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw logoFailure(LogoMessages.tooLarge);
      case 'FST_FILES_LIMIT':
        throw logoFailure(LogoMessages.oneFile);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw new ApiError(422, LogoMessages.tooManyFields);
      default:
        // A broken form (no boundary, cut short, a prototype field name): the client's fault.
        throw new ApiError(400, ServerMessages.badRequest);
    }
  }
  request.body = fields;
  if (logo !== undefined) uploads.set(request, logo);
};

/**
 * POST /organization/update (multipart: name, details, logo) and GET /organization/logo.
 * Multipart is registered in this scope only: nowhere else does the API take a form.
 */
const updateRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const db = scope.db;
  await scope.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 8, parts: 10, fieldSize: FIELD_BYTES_MAX, fieldNameSize: 100, headerPairs: 50 },
  });
  // After the auth preHandler that `authenticated` added first.
  scope.addHook('preHandler', readForm);

  registerEndpoint(scope, updateOrganization, async ({ body, request }) =>
    updateOrganizationProfile(db, { auth: authOf(request), address: request.ip, form: body, upload: uploads.get(request) }),
  );

});

/** An <img> sends no bearer header, so the logo also answers to the token cookie. */
const imageRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const db = scope.db;
  scope.get(routePath(LOGO_PATH), async (request, reply) => {
    const { organization } = authOf(request);
    const logo = organization.logo_hash === null ? undefined : await readLogo(db, organization.id);
    if (logo === undefined) throw new ApiError(404, LogoMessages.noLogo);
    const etag = `"${organization.logo_hash}"`;
    void reply
      .header('content-security-policy', LOGO_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(logo.contentType).send(logo.content);
  });
}, { allowCookie: true });

export const logoRoutes: FastifyPluginAsync = async (app) => {
  await app.register(updateRoutes);
  await app.register(imageRoutes);
};
