import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '../../domain/contracts/envelope';
import { bearerToken } from './bearer';
import { ApiError } from './apiError';
import { sameSecret } from './secrets';

/** The operator's token as sent: `Authorization: Bearer <token>` or the `X-Operator-Token` header. */
const givenOperatorToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers['x-operator-token'];
  if (typeof header === 'string' && header !== '') return header;
  return bearerToken(request.headers.authorization);
};

export const isOperator = (app: FastifyInstance, request: FastifyRequest): boolean => {
  const expected = app.config.operatorToken;
  const given = givenOperatorToken(request);
  return expected !== undefined && given !== undefined && sameSecret(given, expected);
};

/**
 * A preHandler for the operator's endpoints: without the operator token they answer the same
 * 404 as an address that does not exist, so they do not announce themselves.
 */
export const requireOperator = (app: FastifyInstance) => async (request: FastifyRequest): Promise<void> => {
  if (!isOperator(app, request)) throw new ApiError(404, Messages.notFound);
};
