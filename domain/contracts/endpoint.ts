import * as t from 'io-ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, described once and used by both sides: the client builds the request
 * and decodes `data` with it, the server decodes the query and body with it before any work.
 */
export interface Endpoint<Q extends t.Mixed, B extends t.Mixed, D extends t.Mixed> {
  readonly method: HttpMethod;
  /** Path below /api, spelled as in SPEC section 7 (with `{param}` placeholders). */
  readonly path: string;
  readonly query: Q;
  readonly body: B;
  /** Codec of the `data` field of the response envelope. */
  readonly data: D;
  /** Calls flagged primary use the primary token even while viewing as another group. */
  readonly primary?: boolean;
  /** How many times a timed-out call is tried again (SPEC section 9: 6, 1 for translations). */
  readonly maxRetry?: number;
}

export type AnyEndpoint = Endpoint<t.Mixed, t.Mixed, t.Mixed>;
export type QueryOf<E extends AnyEndpoint> = t.TypeOf<E['query']>;
export type BodyOf<E extends AnyEndpoint> = t.TypeOf<E['body']>;
export type DataOf<E extends AnyEndpoint> = t.TypeOf<E['data']>;

export const NoInput = t.strict({});

export const endpoint = <Q extends t.Mixed = typeof NoInput, B extends t.Mixed = typeof NoInput, D extends t.Mixed = t.UnknownC>(
  e: { method: HttpMethod; path: string; query?: Q; body?: B; data?: D; primary?: boolean; maxRetry?: number },
): Endpoint<Q, B, D> =>
  ({ ...e, query: e.query ?? NoInput, body: e.body ?? NoInput, data: e.data ?? t.unknown }) as Endpoint<Q, B, D>;

/** Fills `{param}` placeholders; every value is URI-encoded. */
export const fillPath = (path: string, params: Record<string, string | number>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
