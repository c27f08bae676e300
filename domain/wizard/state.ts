/** SPEC section 3: a wizard has a name, a number of tabs, saved data per tab and an active tab. */
export interface WizardState {
  readonly name: string | null;
  readonly length: number;
  readonly saved: Readonly<Record<number, Readonly<Record<string, string>>>>;
  readonly active: number;
}

export const initialWizard: WizardState = { name: null, length: 0, saved: {}, active: 0 };

/** SPEC section 4: the tab index stays within 0 and the wizard's length. */
export const boundTab = (index: number, length: number): number =>
  Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : 0, Math.max(0, length)));

/** Secrets typed into a wizard are kept by the screen, never saved into the log. */
const SECRET_FIELD = /password|code|token|secret/i;
export const redactTab = (data: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_FIELD.test(key)));
