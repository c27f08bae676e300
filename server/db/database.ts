import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables as Kysely sees them. Repositories are functions over `Kysely<Database>`.
 *
 * Tenancy convention: every row that belongs to an organisation carries `organization_id`
 * (uuid), and every query on such a table filters by it, so asking for another
 * organisation's row answers as if it did not exist, and the schema can later be
 * distributed by tenant. `organization_id` null means "the whole installation".
 *
 * Both drivers are set up to return the same JavaScript types: int8 (ids, count(*)) as
 * number, numeric as string, timestamptz as Date, jsonb parsed. Write jsonb as a JSON
 * string (`toJson`) so that arrays survive node-postgres, which would send them as
 * PostgreSQL arrays.
 */
export interface Database {
  locales: LocalesTable;
  translations: TranslationsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonColumn<T extends JsonValue = JsonValue> = ColumnType<T, string, string>;
export const toJson = (value: JsonValue): string => JSON.stringify(value);

export interface LocalesTable {
  code: string;
  name: string;
}

export interface TranslationsTable {
  locale_code: string;
  key: string;
  text: string;
}

export interface SettingsTable {
  id: Generated<number>;
  organization_id: string | null;
  key: string;
  value: JsonColumn;
}

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditLogTable {
  id: Generated<number>;
  organization_id: string | null;
  actor: string | null;
  action: string;
  address: string | null;
  details: ColumnType<JsonValue, string | undefined, never>;
  at: ColumnType<Date, never, never>;
}

export type Locale = Selectable<LocalesTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
