/** SPEC section 5: used until the server's rule arrives, and when it cannot be read. */
export const FALLBACK_PASSWORD_RULE = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,}$';

export interface ConfigState {
  readonly passwordRegex: string;
}

export const initialConfig: ConfigState = { passwordRegex: FALLBACK_PASSWORD_RULE };

/** A rule that does not compile is ignored rather than locking everyone out of passwords. */
export const compiles = (regex: string): boolean => {
  try {
    new RegExp(regex);
    return true;
  } catch {
    return false;
  }
};

export const passwordMeetsRule = (password: string, regex: string): boolean =>
  new RegExp(compiles(regex) ? regex : FALLBACK_PASSWORD_RULE).test(password);
