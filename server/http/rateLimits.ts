import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '../../domain/contracts/envelope';
import { activeSessionOf } from '../plugins/auth';
import { bearerToken } from './bearer';
import { ApiError } from './apiError';
import { isApiPath, pathOf } from './paths';

const SESSION_KEY = 'session:';
const ADDRESS_KEY = 'address:';

/**
 * A signed-in caller is counted per session, whatever address it comes from, so colleagues
 * behind one office address do not share a budget. Anyone else, and any token that is not a
 * live session (so inventing tokens buys nothing), is counted per address.
 */
const rateLimitKey = async (app: FastifyInstance, request: FastifyRequest): Promise<string> => {
  const token = bearerToken(request.headers.authorization);
  const active = token === undefined ? undefined : await activeSessionOf(app, request, token);
  return active === undefined ? `${ADDRESS_KEY}${request.ip}` : `${SESSION_KEY}${active.session.id}`;
};

/**
 * Only the API is limited: pages and built files never are, so reloading a page can never turn
 * it into an error. Routes that must stay strict (sign-up, password reset, invitations) set a
 * lower `max` of their own in their route config, still per caller.
 */
export const registerRateLimits = async (app: FastifyInstance): Promise<void> => {
  const { sessionMax, addressMax } = app.config.rateLimit;
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: 60_000,
    keyGenerator: (request) => rateLimitKey(app, request),
    max: (_request, key) => (key.startsWith(SESSION_KEY) ? sessionMax : addressMax),
    allowList: (request) => !isApiPath(pathOf(request.url)),
    errorResponseBuilder: (_request, context) => new ApiError(context.statusCode, Messages.tooManyRequests),
  });
};
