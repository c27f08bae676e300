import { AuthMessages } from '../../../domain/contracts/auth';
import { DomainError, fieldFailure, tooMany } from '../errors';

/** Sign-in refusals, in the SPEC's sentences. Generic errors live in ../errors.ts. */
export const invalidCredentials = (): DomainError => fieldFailure(AuthMessages.invalidCredentials, 'email');
export const invalidCode = (): DomainError => fieldFailure(AuthMessages.invalidCode, 'code');
export const tooManyAttempts = (): DomainError => tooMany(AuthMessages.tooManyAttempts);

