import type { Kysely } from 'kysely';
import { OidcMessages } from '../../../domain/contracts/sso';
import type { Database, InvitationRow, UserRow } from '../../db/database';
import { audit } from '../auth/audit';
import { invalid } from '../errors';

/** Whether the organisation turned "SSO required" on (its invitation pages then offer its provider instead of a password). */
export const requiresSso = async (db: Kysely<Database>, organizationId: string): Promise<boolean> => {
  const settings = await db.selectFrom('sso_oidc_settings').select('sso_required').where('organization_id', '=', organizationId).executeTakeFirst();
  return settings?.sso_required === true;
};

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
  if (!(await requiresSso(db, user.organization_id))) return;
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

/**
 * "SSO required" also closes the other door to a password: accepting an invitation by choosing
 * one. The invited person signs in through the provider instead, which accepts the pending
 * invitation for them (admitSsoIdentity). Invitations never make the administrator, whose
 * break-glass password is set elsewhere. Called once the link is known to be pending, so it
 * tells nothing to someone without a valid link.
 */
export const assertPasswordAcceptanceAllowed = async (db: Kysely<Database>, invitation: InvitationRow, address: string | null): Promise<void> => {
  if (!(await requiresSso(db, invitation.organization_id))) return;
  await audit(db, {
    organizationId: invitation.organization_id,
    actor: invitation.email,
    action: 'auth.sign_in_failed',
    address,
    details: { method: 'invitation', invitation_id: invitation.id, kind: invitation.kind, reason: 'sso_required' },
  });
  throw invalid(OidcMessages.required);
};
