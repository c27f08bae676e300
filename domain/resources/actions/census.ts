import * as t from 'io-ts';
import { uploadCensusTable } from '../../contracts/mutuality';
import { FileField, type ActionEntry } from './entry';

/** Compare → External: an administrator loads an office's census table (POST /mutuality/census-upload, multipart). */
export const censusActions = {
  /** The office, the optional table, year and people, and the table's files (its parts) under `file`. */
  uploadCensusTable: {
    endpoint: uploadCensusTable,
    reloads: ['mutualityCountries', 'mutualityData', 'mutualityCompareData'],
    files: t.type({ file: t.array(FileField) }),
  },
} satisfies Record<string, ActionEntry>;
