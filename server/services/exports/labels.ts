import type { Kysely } from 'kysely';
import { fixedNames } from '../../../domain/i18n/fixedLabels';
import { localiseLabels } from '../../../domain/i18n/labels';
import type { Database } from '../../db/database';
import { localNamesOf, requestLocale } from '../lookups/service';
import type { Translate } from './words';

/**
 * Relabels released statistics, labelled in English, in the caller's language: typed-in items by
 * their names in it, fixed cells ('No answer') by the catalogue, as the dashboards do.
 */
export const labelLocaliser = async (db: Kysely<Database>, locale: string | undefined, t: Translate): Promise<<T>(data: T) => T> => {
  const names = await localNamesOf(db, await requestLocale(db, locale));
  const fixed = fixedNames((key) => t(key));
  return (data) => localiseLabels(data, names, undefined, fixed);
};
