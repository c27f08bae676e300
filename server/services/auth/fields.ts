import { Messages } from '../../../domain/contracts/envelope';
import { ServerMessages } from '../../../domain/contracts/errors';
import { isValidEmail } from '../../../domain/session/email';

/** Names and other free text a person types: the longest a column keeps. */
export const NAME_MAX = 255;
const EMAIL_MAX = 254;

/** A required, trimmed text field: its errors, if any. */
export const textFieldErrors = (value: string, humanName: string): string[] | undefined => {
  const trimmed = value.trim();
  if (trimmed === '') return [Messages.fieldRequired(humanName)];
  if (trimmed.length > NAME_MAX) return [ServerMessages.fieldInvalid(humanName)];
  return undefined;
};

export const isAcceptableEmail = (email: string): boolean => email.trim().length <= EMAIL_MAX && isValidEmail(email.trim());
