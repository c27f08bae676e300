import type { FastifyRequest } from 'fastify';

/** The language a request says it was made in (its X-Locale header), as sent; undefined without one. */
export const localeHeader = (request: FastifyRequest): string | undefined => {
  const raw = request.headers['x-locale'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value === undefined || value === '' || value.length > 35 ? undefined : value;
};
