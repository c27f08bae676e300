import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReleasedReader } from '../services/statistics/releasedReader';

/** The request headers an internal call carries over: who asks (and as which group), and in which language. */
const FORWARDED = ['authorization', 'x-locale'] as const;

const forwardedHeaders = (request: FastifyRequest): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
};

/** Reads the application's own endpoints as the caller of `request` (`app.inject`, nothing on the network). */
export const releasedReaderOf =
  (app: FastifyInstance, request: FastifyRequest): ReleasedReader =>
  async (url, method = 'GET') => {
    const response = await app.inject({ method, url, headers: forwardedHeaders(request) });
    return { statusCode: response.statusCode, body: response.body };
  };
