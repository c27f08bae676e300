import * as t from 'io-ts';

/**
 * The body envelope every /api response uses (SPEC section 7: status, data, message, errors,
 * token). `status` in the body may differ from the HTTP status: 204 means "nothing to show".
 */
export const ApiEnvelope = t.partial({
  status: t.number,
  data: t.unknown,
  message: t.string,
  errors: t.record(t.string, t.array(t.string)),
  token: t.string,
});
export type ApiEnvelope = t.TypeOf<typeof ApiEnvelope>;

/** The SPEC's wording for the errors the client and server share (SPEC section 8). */
export const Messages = {
  invalidData: 'The given data was invalid.',
  fieldRequired: (field: string) => `The ${field} field is required`,
  apiError: 'Connection error! Please try again later!',
  unknownError: 'Something went wrong! Please try again.',
  sessionExpired: 'Session expired! Please log in first.',
  loginFallback:
    'Sorry, an error occured while processing your request. Please try again in few minutes and contact us if this happens again.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;
