/**
 * What the database said when a write broke a constraint. node-postgres and PGlite both expose
 * the SQLSTATE as `code`, so one test serves both engines.
 */
const sqlState = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** unique_violation: another row already holds this value (two saves racing; the index decides). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** foreign_key_violation: a row of another table still points at this one. */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
