import type { Kysely } from 'kysely';
import { type Database, type JsonValue, toJson } from '../../db/database';

export type AuditAction =
  | 'organization.registered'
  | 'auth.signed_in'
  | 'auth.sign_in_failed'
  | 'auth.signed_out'
  | 'auth.two_factor_code_sent'
  | 'auth.two_factor_changed'
  | 'auth.password_changed'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'user.updated'
  | (string & {});

export interface AuditEntry {
  readonly organizationId: string | null;
  /** The user id, or the email that was tried when no user is known. */
  readonly actor: string | null;
  readonly action: AuditAction;
  readonly address: string | null;
  readonly details?: Record<string, JsonValue>;
}

/** Appends to the audit log (append-only: a trigger refuses updates and deletes). */
export const audit = async (db: Kysely<Database>, entry: AuditEntry): Promise<void> => {
  await db
    .insertInto('audit_log')
    .values({
      organization_id: entry.organizationId,
      actor: entry.actor,
      action: entry.action,
      address: entry.address,
      details: toJson(entry.details ?? {}),
    })
    .execute();
};
