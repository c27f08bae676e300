import { Messages } from '../../domain/contracts/envelope';

/**
 * Why a service refused or could not finish, in the domain's terms. Services throw these (never
 * HTTP statuses); server/http/errorHandler.ts answers each kind with its status, once.
 */
export type DomainErrorKind =
  /** The input breaks a rule; the field errors say which field and why. */
  | 'invalid'
  /** No live session behind the call. */
  | 'unauthorized'
  /** The caller is known but may not do this. */
  | 'forbidden'
  /** The thing does not exist, or is not the caller's to see. */
  | 'notFound'
  /** The thing's current state does not allow this (already done, in use, taken). */
  | 'conflict'
  /** The thing existed and has ended (an expired survey). */
  | 'gone'
  /** Too many attempts; try again later. */
  | 'tooMany'
  /** Stored data the service needs cannot be read or written. */
  | 'failed'
  /** A figure the service reads from the release path did not come back readable. */
  | 'unavailable';

export type FieldErrors = Record<string, string[]>;

/** A refusal in the SPEC's sentence (section 8), with the fields at fault when the input is. */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fieldErrors?: Readonly<Record<string, readonly string[]>>,
  ) {
    super(message);
  }
}

export const notFound = (message: string): DomainError => new DomainError('notFound', message);
export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);
export const unauthorized = (message: string): DomainError => new DomainError('unauthorized', message);
export const conflict = (message: string): DomainError => new DomainError('conflict', message);
export const gone = (message: string): DomainError => new DomainError('gone', message);
export const tooMany = (message: string): DomainError => new DomainError('tooMany', message);
export const failed = (message: string): DomainError => new DomainError('failed', message);

/** A released figure that did not come back readable; the caller sees the generic sentence. */
export const unavailable = (): DomainError => new DomainError('unavailable', Messages.unknownError);

/** 'The given data was invalid.' with every field's messages. */
export const invalidData = (errors: FieldErrors): DomainError => new DomainError('invalid', Messages.invalidData, errors);

/** Invalid input whose message is also the one error of `field` (the client shows either). */
export const fieldFailure = (message: string, field: string): DomainError => new DomainError('invalid', message, { [field]: [message] });

/** Invalid input said in one sentence, with no field to point at. */
export const invalid = (message: string): DomainError => new DomainError('invalid', message);
