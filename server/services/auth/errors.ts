import { AuthMessages } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import { ApiError } from '../../http/apiError';

export type FieldErrors = Record<string, string[]>;

/** 422 'The given data was invalid.' with every field's messages. */
export const invalidData = (errors: FieldErrors): ApiError => new ApiError(422, Messages.invalidData, errors);

/** 422 whose message is also the one error of `field` (the client shows either). */
export const fieldFailure = (message: string, field: string): ApiError => new ApiError(422, message, { [field]: [message] });

export const invalidCredentials = (): ApiError => fieldFailure(AuthMessages.invalidCredentials, 'email');
export const invalidCode = (): ApiError => fieldFailure(AuthMessages.invalidCode, 'code');
export const tooManyAttempts = (): ApiError => new ApiError(429, AuthMessages.tooManyAttempts);

/** PostgreSQL unique_violation (node-postgres and PGlite both expose the SQLSTATE as `code`). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
