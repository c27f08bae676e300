import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { DomainError, type DomainErrorKind } from '../services/errors';
import { ApiError } from './apiError';

/** The one place a service's refusal becomes an HTTP status. */
const statusOfKind: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 422,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooMany: 429,
  failed: 500,
  unavailable: 502,
};

/** The status a domain error answers, for the few routes that answer a browser a page instead of the envelope. */
export const statusOfDomainError = (error: DomainError): number => statusOfKind[error.kind];

/** The envelope of a domain error: its sentence, and the fields at fault when there are any. */
const domainEnvelope = (error: DomainError): { status: number; message: string; errors?: Record<string, string[]> } => {
  const status = statusOfKind[error.kind];
  const errors = error.fieldErrors && Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [field, [...list]]));
  return { status, message: error.message, ...(errors ? { errors } : {}) };
};

const clientErrorMessages: Readonly<Record<number, string>> = {
  413: ServerMessages.payloadTooLarge,
  415: ServerMessages.unsupportedMediaType,
};

const isFastifyClientError = (error: unknown): error is FastifyError =>
  error instanceof Error &&
  typeof (error as FastifyError).code === 'string' &&
  (error as FastifyError).code.startsWith('FST_') &&
  typeof (error as FastifyError).statusCode === 'number' &&
  (error as FastifyError).statusCode! >= 400 &&
  (error as FastifyError).statusCode! < 500;

/**
 * The one error handler: an ApiError answers its envelope; a service's DomainError answers
 * the status of its kind; bad input caught by Fastify (malformed JSON, wrong content type,
 * too large) answers its 4xx with our envelope;
 * anything else is logged, recorded for the operator (scrubbed) and answers 500 with the
 * generic message, never a stack.
 */
export const apiErrorHandler = async (error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
  if (error instanceof ApiError) return reply.code(error.httpStatus).send(error.envelope);
  if (error instanceof DomainError) {
    const envelope = domainEnvelope(error);
    return reply.code(envelope.status).send(envelope);
  }
  if (error instanceof Error && (error as FastifyError).validation) {
    return reply.code(422).send({ status: 422, message: Messages.invalidData });
  }
  if (isFastifyClientError(error)) {
    const status = error.statusCode!;
    return reply.code(status).send({ status, message: clientErrorMessages[status] ?? ServerMessages.badRequest });
  }
  request.log.error({ err: error }, 'request failed');
  // Bare test apps have no tracer.
  if (request.server.hasDecorator('tracer')) await request.server.tracer.record({
    source: 'server',
    kind: error instanceof Error ? error.name : typeof error,
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? (error.stack ?? null) : null,
    // The route's pattern (`/api/organization/:id`), not the address with its ids and query.
    url: `${request.method} ${request.routeOptions.url ?? request.url}`,
    code: '500',
  });
  return reply.code(500).send({ status: 500, message: Messages.unknownError });
};

/** Errors Fastify raises before routing (an undecodable URL); without this it answers its own JSON shape. */
export const frameworkErrorHandler = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  void reply.code(400).send({ status: 400, message: ServerMessages.badRequest });
};
