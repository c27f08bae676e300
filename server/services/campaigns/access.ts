import type { Kysely, Selectable } from 'kysely';
import type { Role } from '../../../domain/contracts/auth';
import { CampaignMessages } from '../../../domain/contracts/campaigns';
import type { CampaignsTable, Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { forbidden, notFound } from '../errors';
import { isUuid } from '../organization/scope';

/** Who runs campaigns: the administrators, never a group's assignee. */
export const CAMPAIGN_ROLES: readonly Role[] = ['admin', 'second_admin'];

export type CampaignCaller = Pick<AuthContext, 'user' | 'organization'>;

/** Whoever acts on campaigns, with the address the audit log keeps. */
export interface CampaignActor {
  readonly auth: CampaignCaller;
  readonly address: string | null;
}

export type CampaignRow = Selectable<CampaignsTable>;

export const requireCampaignRole = (auth: CampaignCaller): void => {
  if (!CAMPAIGN_ROLES.includes(auth.user.role)) throw forbidden(CampaignMessages.notAllowed);
};

/** The caller's organisation's campaign; another organisation's is as unknown as a made-up id. */
export const findCampaign = async (db: Kysely<Database>, organizationId: string, id: string, forUpdate = false): Promise<CampaignRow> => {
  if (!isUuid(id)) throw notFound(CampaignMessages.notFound);
  let query = db.selectFrom('campaigns').selectAll().where('id', '=', id).where('organization_id', '=', organizationId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (row === undefined) throw notFound(CampaignMessages.notFound);
  return row;
};

/** True once a mail of the invitation step exists: from then on the recipients are fixed. */
export const invitationStarted = async (db: Kysely<Database>, campaignId: string): Promise<boolean> => {
  const row = await db.selectFrom('campaign_messages').select('id').where('campaign_id', '=', campaignId).where('step', '=', 0).limit(1).executeTakeFirst();
  return row !== undefined;
};
