/**
 * The head-administrator registration wizard (SPEC section 2): its name and the fields of each
 * numbered tab, so that the wizard's reducer can follow the registration's outcome (cleared on
 * success, on the first tab with a problem on failure) without the screen doing it.
 */
export const REGISTRATION_WIZARD = 'head-register';

export const REGISTRATION_TAB_FIELDS: readonly (readonly string[])[] = [
  ['organization_name', 'country', 'industry'],
  ['first_name', 'last_name', 'email'],
  ['password', 'password_confirmation', 'agree'],
];

/** The first tab holding one of the fields with a problem; -1 when none does. */
export const firstTabWithProblem = (fields: readonly string[]): number =>
  REGISTRATION_TAB_FIELDS.findIndex((tabFields) => tabFields.some((field) => fields.includes(field)));
