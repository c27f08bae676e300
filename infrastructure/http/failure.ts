/**
 * Why a call was rejected. A plain value, not an Error: effects turn it into events, and the
 * log keeps only serialisable facts.
 */
export class ApiFailure {
  constructor(
    /** The HTTP status, the body status 417, an axios code such as 'ECONNABORTED', or 'DECODE'. */
    readonly code: number | string,
    /** The called path below /api, e.g. '/translation'. */
    readonly url: string,
    /** The server's message (or the SPEC's wording for the session check), null when none. */
    readonly message: string | null,
    /** Field errors of a 422 answer. */
    readonly errors?: Record<string, string[]>,
  ) {}
}

export const isApiFailure = (value: unknown): value is ApiFailure => value instanceof ApiFailure;

/** The response could not be read with the contract's codec. */
export const DECODE_FAILURE = 'DECODE';

/** SPEC section 4: only a timed-out call is tried again. */
export const isRetryableCode = (code: number | string): boolean => code === 408 || code === 'ECONNABORTED' || code === 'ETIMEDOUT';
