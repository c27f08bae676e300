import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';
import { sha256Hex } from '../auth/tokens';

/** A started sign-on must come back within 10 minutes. */
export const ssoStateTtlMinutes = 10;

export type SsoProvider = 'amazon';

/**
 * Remembers a started sign-on: only the hashes of the state and of the browser's binding
 * value are stored, with the PKCE verifier. Expired rows are removed on the way.
 */
export const saveSsoState = async (
  db: Kysely<Database>,
  entry: { readonly provider: SsoProvider; readonly state: string; readonly browser: string; readonly codeVerifier: string },
): Promise<void> => {
  await db.deleteFrom('sso_states').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('sso_states')
    .values({
      state_hash: sha256Hex(entry.state),
      provider: entry.provider,
      browser_hash: sha256Hex(entry.browser),
      code_verifier: entry.codeVerifier,
      expires_at: sql<Date>`now() + make_interval(mins => ${sql.lit(ssoStateTtlMinutes)})`,
    })
    .execute();
};

/**
 * Uses a state once: deletes and returns its PKCE verifier when the state is known, was
 * started by this browser and has not expired; otherwise undefined (and nothing is used up).
 */
export const takeSsoState = async (
  db: Kysely<Database>,
  entry: { readonly provider: SsoProvider; readonly state: string; readonly browser: string },
): Promise<string | undefined> => {
  const row = await db
    .deleteFrom('sso_states')
    .where('state_hash', '=', sha256Hex(entry.state))
    .where('provider', '=', entry.provider)
    .where('browser_hash', '=', sha256Hex(entry.browser))
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('code_verifier')
    .executeTakeFirst();
  return row?.code_verifier;
};
