import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnyEndpoint, BodyOf, DataOf, QueryOf } from '../../domain/contracts/endpoint';
import type { ApiEnvelope } from '../../domain/contracts/envelope';
import { decodeOrThrow } from './decode';

/** A reply other than `{ status: 200, data }`, returned by a handler. */
export class EnvelopeReply {
  constructor(
    readonly envelope: ApiEnvelope,
    readonly httpStatus = 200,
  ) {}
}

/** "Nothing to show": HTTP 200 with body status 204, as the client expects (SPEC section 8). */
export const noContent = (message?: string): EnvelopeReply =>
  new EnvelopeReply({ status: 204, ...(message === undefined ? {} : { message }) });

/** A 200 envelope with extra fields, e.g. a `token` or a `message` beside the data. */
export const envelopeReply = (envelope: ApiEnvelope, httpStatus = 200): EnvelopeReply =>
  new EnvelopeReply({ status: httpStatus, ...envelope }, httpStatus);

export interface EndpointInput<E extends AnyEndpoint> {
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
  /** Path parameters (`{param}` in the contract), as raw strings. */
  readonly params: Readonly<Record<string, string>>;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export type EndpointHandler<E extends AnyEndpoint> = (input: EndpointInput<E>) => Promise<DataOf<E> | EnvelopeReply>;

/** `/organization/{id}` in the contract becomes the Fastify route `/api/organization/:id`. */
export const routePath = (contractPath: string): string =>
  `/api/${contractPath.replace(/^\/+/, '')}`.replace(/\{(\w+)\}/g, ':$1');

/** Per-route Fastify options, e.g. `{ config: { rateLimit: { max: 20, timeWindow: 60_000 } } }`. */
export type EndpointOptions = Pick<RouteShorthandOptions, 'config'>;

/**
 * Registers one contract endpoint. The query and the body are decoded with the contract's
 * codecs before the handler runs (failure: 422 envelope); the handler's value is encoded
 * with the data codec and sent as `{ status: 200, data }`.
 */
export const registerEndpoint = <E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void => {
  // A bare Fastify instance (a route test's) keeps no list.
  if (app.hasDecorator('registeredEndpoints')) app.registeredEndpoints.push(endpoint);
  app.route({
    ...options,
    method: endpoint.method,
    url: routePath(endpoint.path),
    handler: async (request, reply) => {
      const query = decodeOrThrow(endpoint.query, request.query ?? {}, 'query') as QueryOf<E>;
      const body = decodeOrThrow(endpoint.body, request.body ?? {}, 'body') as BodyOf<E>;
      const params = (request.params ?? {}) as Record<string, string>;
      const result = await handler({ query, body, params, request, reply });
      if (result instanceof EnvelopeReply) return reply.code(result.httpStatus).send(result.envelope);
      return reply.code(200).send({ status: 200, data: endpoint.data.encode(result) });
    },
  });
};
