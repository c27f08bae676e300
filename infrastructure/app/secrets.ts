import { BehaviorSubject, type Observable } from 'rxjs';

export interface TotpSetup {
  readonly secret: string;
  readonly uri: string;
}

/**
 * Secrets a screen must show once (the authenticator set-up) live here, beside the store and
 * never inside it, so no event, saved state or exported log can carry them.
 */
export interface Secrets {
  readonly totp$: Observable<TotpSetup | null>;
  setTotp(setup: TotpSetup | null): void;
}

export const createSecrets = (): Secrets => {
  const totp = new BehaviorSubject<TotpSetup | null>(null);
  return { totp$: totp.asObservable(), setTotp: (setup) => totp.next(setup) };
};
