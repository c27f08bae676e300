import type { Kysely } from 'kysely';
import { REPORT_NAME_MAX, ReportDefinition, type SaveReportBody, type SavedReport, type SavedReports, reportMessages } from '../../../domain/contracts/reports';
import type { Database } from '../../db/database';
import { toJson, type JsonValue } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { invalidData, notFound } from '../errors';
import { checkDefinition } from '.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most definitions an organisation keeps; the oldest are not dropped silently, the save is refused. */
export const SAVED_REPORTS_MAX = 200;

interface Row {
  readonly id: string;
  readonly name: string;
  readonly definition: unknown;
  readonly created_by: string | null;
  readonly created_at: Date;
}

const savedOf = (row: Row): SavedReport | undefined => {
  // A stored definition is read with the contract's codec; one that no longer decodes is not listed.
  const decoded = ReportDefinition.decode(row.definition);
  if (decoded._tag === 'Left') return undefined;
  return { id: row.id, name: row.name, definition: decoded.right, createdBy: row.created_by, createdAt: row.created_at.toISOString() };
};

/** The organisation's saved report definitions, newest first. */
export const listReports = async (db: Kysely<Database>, auth: AuthContext): Promise<SavedReports> => {
  const rows = await db
    .selectFrom('report_definitions')
    .select(['id', 'name', 'definition', 'created_by', 'created_at'])
    .where('organization_id', '=', auth.organization.id)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return { reports: rows.flatMap((row) => savedOf(row) ?? []) };
};

/** Saves a definition under a name, checked as a report request is (pages and cards of the catalogue, a title). */
export const saveReport = async (db: Kysely<Database>, auth: AuthContext, body: SaveReportBody): Promise<SavedReport> => {
  const name = body.name.trim();
  if (name === '') throw invalidData({ name: [reportMessages.nameRequired] });
  if ([...name].length > REPORT_NAME_MAX) throw invalidData({ name: [reportMessages.nameTooLong] });
  const { title } = checkDefinition(body.definition);
  const definition: ReportDefinition = { ...body.definition, title };
  return db.transaction().execute(async (trx) => {
    const { count } = await trx.selectFrom('report_definitions').select((eb) => eb.fn.countAll<string>().as('count')).where('organization_id', '=', auth.organization.id).executeTakeFirstOrThrow();
    if (Number(count) >= SAVED_REPORTS_MAX) throw invalidData({ name: [reportMessages.tooMany] });
    const row = await trx
      .insertInto('report_definitions')
      .values({ organization_id: auth.organization.id, created_by: auth.user.id, name, definition: toJson(definition as unknown as JsonValue) })
      .returning(['id', 'name', 'definition', 'created_by', 'created_at'])
      .executeTakeFirstOrThrow();
    return savedOf(row)!;
  });
};

/** Deletes one of the organisation's definitions; another organisation's id is not found (404). */
export const deleteReport = async (db: Kysely<Database>, auth: AuthContext, id: string): Promise<null> => {
  if (!UUID.test(id)) throw notFound(reportMessages.reportNotFound);
  const deleted = await db.deleteFrom('report_definitions').where('id', '=', id).where('organization_id', '=', auth.organization.id).returning('id').executeTakeFirst();
  if (deleted === undefined) throw notFound(reportMessages.reportNotFound);
  return null;
};
