export interface AccountState {
  readonly registeredEmail: string | null;
  readonly twoFactorCodeExpiresAt: string | null;
  readonly totpSetupOpen: boolean;
}

export const initialAccount: AccountState = { registeredEmail: null, twoFactorCodeExpiresAt: null, totpSetupOpen: false };
