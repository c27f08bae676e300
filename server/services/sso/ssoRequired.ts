import type { Kysely } from 'kysely';
import { OidcMessages } from '../../../domain/contracts/sso';
import type { Database, UserRow } from '../../db/database';
import { audit } from '../auth/audit';
import { invalid } from '../errors';

/**
 * "SSO required": a member of such an organisation may not sign in with a password or with
 * Amazon. The administrator's password with a second factor stays open (break-glass), so a
 * broken provider cannot lock the organisation out. Called once the credentials are proven,
 * so it tells nothing to someone who does not know the password.
 */
export const assertSignInAllowedBesideSso = async (
  db: Kysely<Database>,
  user: UserRow,
  how: { readonly method: 'password' | 'amazon'; readonly address: string | null },
): Promise<void> => {
  const settings = await db.selectFrom('sso_oidc_settings').select('sso_required').where('organization_id', '=', user.organization_id).executeTakeFirst();
  if (settings?.sso_required !== true) return;
  if (how.method === 'password' && user.role === 'admin' && user.two_factor !== 'off') return;
  await audit(db, {
    organizationId: user.organization_id,
    actor: user.id,
    action: 'auth.sign_in_failed',
    address: how.address,
    details: { method: how.method, reason: 'sso_required' },
  });
  throw invalid(OidcMessages.required);
};
