import * as t from 'io-ts';
import { checkPeopleImport, confirmPeopleImport, uploadPeopleFile } from '../../contracts/people';
import { FileField, type ActionEntry } from './entry';

/** The people import's three steps (Coordinator → People). */
export const peopleActions = {
  /** Step 1: the file, sent as multipart; answers its columns, first rows and a suggested mapping. */
  peopleUpload: { endpoint: uploadPeopleFile, reloads: [], files: t.strict({ file: FileField }) },
  /** Step 2: the rows checked with the chosen mapping; nothing written. */
  peopleCheck: { endpoint: checkPeopleImport, reloads: [] },
  /** Step 3: the checked rows written. */
  peopleConfirm: { endpoint: confirmPeopleImport, reloads: ['people'] },
} satisfies Record<string, ActionEntry>;
