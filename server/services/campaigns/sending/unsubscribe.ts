import type { Kysely } from 'kysely';
import { CampaignMessages } from '../../../../domain/contracts/campaigns';
import type { Database } from '../../../db/database';
import { sha256Hex } from '../../auth/tokens';
import { notFound } from '../../errors';

/**
 * One-click unsubscribe (RFC 8058) from a campaign mail's token: the person is mailed no more
 * campaigns, and what is still queued for them is skipped. Unknown, malformed and too long
 * tokens are refused alike.
 */

const TOKEN_MAX = 256;

export interface UnsubscribeTarget {
  readonly personId: string;
  /** The language the mail was written in, for the page. */
  readonly language: string;
  readonly organizationName: string;
  readonly unsubscribed: boolean;
}

export const findUnsubscribeTarget = async (db: Kysely<Database>, token: string | undefined): Promise<UnsubscribeTarget | undefined> => {
  if (token === undefined || token === '' || token.length > TOKEN_MAX) return undefined;
  const row = await db
    .selectFrom('campaign_messages as m')
    .innerJoin('campaign_recipients as r', (join) => join.onRef('r.campaign_id', '=', 'm.campaign_id').onRef('r.person_id', '=', 'm.person_id'))
    .innerJoin('people as p', 'p.id', 'm.person_id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.person_id', 'r.language', 'o.name', 'p.unsubscribed_at'])
    .where('m.unsubscribe_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  return row === undefined ? undefined : { personId: row.person_id, language: row.language, organizationName: row.name, unsubscribed: row.unsubscribed_at !== null };
};

/** Unsubscribes the person of the token (again: no change); refuses an invalid token with CampaignMessages.unsubscribeInvalid. */
export const unsubscribe = async (db: Kysely<Database>, token: string | undefined, now = new Date()): Promise<UnsubscribeTarget> => {
  const target = await findUnsubscribeTarget(db, token);
  if (target === undefined) throw notFound(CampaignMessages.unsubscribeInvalid);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('people').set({ unsubscribed_at: now }).where('id', '=', target.personId).where('unsubscribed_at', 'is', null).execute();
    await trx.updateTable('campaign_messages').set({ state: 'skipped', locked_until: null }).where('person_id', '=', target.personId).where('state', '=', 'queued').execute();
  });
  return { ...target, unsubscribed: true };
};
