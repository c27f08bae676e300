import * as t from 'io-ts';
import { AuthMessages } from './auth';
import { endpoint } from './endpoint';
import { MemberMessages } from './members';
import { SurveyMessages } from './survey';

/**
 * The people an organisation imports from a staff list (issue 29), so that a campaign can later
 * invite them. Three steps, nothing written before the last:
 *
 * 1. POST /people/import, multipart/form-data with one file in the field `file` (CSV or XLSX,
 *    told by its content: an XLSX is a zip archive, anything else is read as CSV text in UTF-8,
 *    with or without a BOM, its delimiter , ; or tab read from the header line). The first
 *    non-blank row names the columns. The file is read as a stream into a staging table (any
 *    server process can answer the next steps) and answered with its columns, its first rows
 *    and a suggested mapping (domain/people/mapping.ts reads header names in the five
 *    languages). The answer's `token` names the upload; it is the uploader's only, and lives a day.
 * 2. POST /people/import/check with the token and the chosen mapping (a column index, or null,
 *    per field): every row is checked (SPEC section 5's sentences), duplicates within the file
 *    (the first occurrence counts) and against people already imported are told apart, and the
 *    summary says how many rows are new, would change someone, change nothing or have a
 *    problem. The mapping is kept with the upload; GET /people/import/problems downloads the
 *    rows with a problem as CSV, with a `reason` column, ready to fix and import again.
 * 3. POST /people/import/confirm writes the checked rows again checked (people may have
 *    changed meanwhile) in one transaction, skipping the rows with a problem, and ends the
 *    upload. Importing the same file again changes nothing: 0 new, 0 updated.
 *
 * Decisions where SPEC and the issue are silent:
 * - Who: the administrator and the second administrator, into any group; whoever runs a group
 *   (its assignee), into that group and its sub-groups only. A group outside the importer's
 *   reach reads as one that does not exist ('Please select an existing group').
 * - A row needs a valid address and an existing group; the group cell may also name a sub-group
 *   (when only one sub-group has that name), which places the person in it and its group.
 *   Names and language may be empty: an empty cell, or a field mapped to no column, keeps what an
 *   existing person has. The sub-group follows the row: empty means none.
 * - A group's or sub-group's capacity (the answers it takes) also bounds the people imported
 *   into it (a group counts its sub-groups' people): a row that would place one more than that
 *   is refused with 'This group is full. Choose another group'. Rows are taken in file order.
 * - The address identifies a person in any letter case; it is stored as first written.
 * - Counts here (rows of a file, people listed) describe the staff list the administrator
 *   uploaded, not anybody's answers, and are sent as they are, like a group's member count.
 */

/** The five languages a person may be invited in (the catalogues of domain/i18n). */
export const PEOPLE_LANGUAGES = ['en', 'fr', 'es', 'ar', 'zh'] as const;
export const PeopleLanguage = t.keyof({ en: null, fr: null, es: null, ar: null, zh: null });
export type PeopleLanguage = t.TypeOf<typeof PeopleLanguage>;

/** The largest file taken, in bytes (about 100,000 rows of a usual staff list). */
export const PEOPLE_FILE_MAX_BYTES = 8 * 1024 * 1024;
export const PEOPLE_FILE_MAX_MB = PEOPLE_FILE_MAX_BYTES / (1024 * 1024);
/** The most people in one file, and the most columns. */
export const PEOPLE_FILE_MAX_ROWS = 50_000;
export const PEOPLE_FILE_MAX_COLUMNS = 200;
/** The multipart field the file comes in. */
export const PEOPLE_FILE_FIELD = 'file';
/** Rows shown in the mapping preview. */
export const PEOPLE_PREVIEW_ROWS = 5;
/** Rows with a problem listed in the check's answer (all of them are in the download). */
export const PEOPLE_PROBLEMS_SHOWN = 50;
/** People per page of GET /people. */
export const PEOPLE_PAGE_SIZE = 50;

/** What a column can be mapped to. */
export const PEOPLE_FIELDS = ['email', 'first_name', 'last_name', 'group', 'sub_group', 'language'] as const;
export type PeopleField = (typeof PEOPLE_FIELDS)[number];

const ColumnIndex = t.refinement(t.number, (n) => Number.isInteger(n) && n >= 0 && n < PEOPLE_FILE_MAX_COLUMNS, 'ColumnIndex');
const MappedColumn = t.union([ColumnIndex, t.null]);

/** For each field, the index of the column holding it, or null when the file has none. */
export const ColumnMapping = t.strict({
  email: MappedColumn,
  first_name: MappedColumn,
  last_name: MappedColumn,
  group: MappedColumn,
  sub_group: MappedColumn,
  language: MappedColumn,
});
export type ColumnMapping = t.TypeOf<typeof ColumnMapping>;

export const PeopleFileFormat = t.keyof({ csv: null, xlsx: null });
export type PeopleFileFormat = t.TypeOf<typeof PeopleFileFormat>;

/** Step 1's answer: what the file holds, before anything is checked. */
export const ImportPreview = t.strict({
  token: t.string,
  file_name: t.string,
  format: PeopleFileFormat,
  /** The header row's cells, in file order ('' for an unnamed column). */
  columns: t.array(t.string),
  /** The first rows (at most PEOPLE_PREVIEW_ROWS), each as long as `columns`. */
  sample: t.array(t.array(t.string)),
  /** Rows under the header, blank rows left out. */
  row_count: t.number,
  suggested: ColumnMapping,
});
export type ImportPreview = t.TypeOf<typeof ImportPreview>;

/** A row that cannot be imported, and why (one of PeopleMessages' sentences). */
export const ImportProblem = t.strict({ row: t.number, email: t.string, reason: t.string });
export type ImportProblem = t.TypeOf<typeof ImportProblem>;

/** Step 2's answer. */
export const ImportSummary = t.strict({
  token: t.string,
  row_count: t.number,
  new_count: t.number,
  updated_count: t.number,
  unchanged_count: t.number,
  problem_count: t.number,
  /** The first PEOPLE_PROBLEMS_SHOWN problems, in file order. */
  problems: t.array(ImportProblem),
});
export type ImportSummary = t.TypeOf<typeof ImportSummary>;

/** Step 3's answer: what was written. */
export const ImportResult = t.strict({ created: t.number, updated: t.number, unchanged: t.number, skipped: t.number });
export type ImportResult = t.TypeOf<typeof ImportResult>;

const Place = t.strict({ id: t.string, name: t.string });

export const Person = t.strict({
  id: t.string,
  email: t.string,
  first_name: t.string,
  last_name: t.string,
  group: Place,
  sub_group: t.union([Place, t.null]),
  preferred_language: t.union([PeopleLanguage, t.null]),
  bounced: t.boolean,
  unsubscribed: t.boolean,
  /** ISO 8601 instant. */
  updated_at: t.string,
});
export type Person = t.TypeOf<typeof Person>;

export const PeoplePage = t.strict({ people: t.array(Person), page: t.number, page_size: t.number, total: t.number });
export type PeoplePage = t.TypeOf<typeof PeoplePage>;

/** A page number in a query string: 1 to 99,999. */
export const PageFromString = new t.Type<number, string, unknown>(
  'PageFromString',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 1,
  (u, context) => {
    if (typeof u === 'number' && Number.isSafeInteger(u) && u >= 1) return t.success(u);
    return typeof u === 'string' && /^[1-9]\d{0,4}$/.test(u) ? t.success(Number(u)) : t.failure(u, context);
  },
  (n) => String(n),
);

const ImportToken = t.strict({ token: t.string });

/**
 * Step 1, sent as multipart/form-data: one file in PEOPLE_FILE_FIELD, at most
 * PEOPLE_FILE_MAX_BYTES. The body codec describes no text field.
 */
export const uploadPeopleFile = endpoint({ method: 'POST', path: '/people/import', data: ImportPreview, primary: true });

export const checkPeopleImport = endpoint({
  method: 'POST',
  path: '/people/import/check',
  body: t.strict({ token: t.string, mapping: ColumnMapping }),
  data: ImportSummary,
  primary: true,
});

export const confirmPeopleImport = endpoint({ method: 'POST', path: '/people/import/confirm', body: ImportToken, data: ImportResult, primary: true });

/**
 * The rows with a problem as a CSV file (UTF-8 with a BOM, so spreadsheets read every script):
 * the file's own columns and a last `reason` column. Also answers to the token cookie, so a
 * plain link downloads it.
 */
export const peopleImportProblems = endpoint({ method: 'GET', path: '/people/import/problems', query: ImportToken, data: t.unknown, primary: true });

/** The people the caller may import into (every person for the administrators), by last and first name. */
export const getPeople = endpoint({
  method: 'GET',
  path: '/people',
  query: t.exact(t.partial({ page: PageFromString })),
  data: PeoplePage,
});

export const peopleEndpoints = { uploadPeopleFile, checkPeopleImport, confirmPeopleImport, peopleImportProblems, getPeople } as const;

/** Server wording of the import: SPEC section 5's sentences where it has them. */
export const PeopleMessages = {
  invalidEmail: AuthMessages.invalidEmail,
  groupNotFound: SurveyMessages.groupNotFound,
  groupFull: SurveyMessages.groupFull,
  emailRepeated: MemberMessages.emailRepeated,
  languageUnknown: 'Please choose one of the five languages: en, fr, es, ar or zh.',
  outsideReach: 'This person is already in a group you do not manage.',
  notAllowed: 'Only the administrators and group assignees can import people.',
  fileMissing: 'Choose a CSV or Excel file to import.',
  oneFile: 'Send one file, in the file field.',
  fileTooLarge: `The file is too large: it may be at most ${PEOPLE_FILE_MAX_MB} MB.`,
  fileUnreadable: 'This file cannot be read: upload a CSV file or an Excel workbook (.xlsx).',
  fileEmpty: 'The file has no people: its first row names the columns, one person per row follows.',
  tooManyRows: `The file has more than ${PEOPLE_FILE_MAX_ROWS.toLocaleString('en')} people: split it into smaller files.`,
  tooManyColumns: `The file has more than ${PEOPLE_FILE_MAX_COLUMNS} columns.`,
  importNotFound: 'This import has expired or was already confirmed: upload the file again.',
  mappingNeedsEmail: 'Choose the column that holds the email addresses.',
  mappingNeedsGroup: 'Choose the column that holds the group.',
  mappingUnknownColumn: 'This column is not in the file.',
  mappingColumnTwice: 'A column can hold only one field.',
  notChecked: 'Check the rows before confirming the import.',
} as const;
