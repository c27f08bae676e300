/**
 * Server messages of SPEC section 8 that the contract needs beyond `Messages` in envelope.ts.
 * The client shows them as received; tests compare against these.
 */
export const ServerMessages = {
  fieldInvalid: (field: string) => `The ${field} field is invalid`,
  badRequest: 'Bad request.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'The request content type is not supported.',
  translationNotFound: 'Translation not found.',
} as const;
