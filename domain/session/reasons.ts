import * as t from 'io-ts';

/** Why a session ended; shown to the person and kept in the log for the auditor. */
export const SignOutReason = t.keyof({
  logout: null,
  unauthorised: null,
  sessionEnded: null,
  inactivity: null,
  otherTab: null,
  staleActivity: null,
});
export type SignOutReason = t.TypeOf<typeof SignOutReason>;
