import type { Kysely } from 'kysely';
import type { ExportFilters, ExportPage } from '../../../domain/contracts/exports';
import { FILTER_KEYS } from '../../../domain/filters/model';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { departmentScopeOf } from '../organization/scope';
import { readDateRanges } from '../organization/settings';
import type { Translate } from './words';

/** A cover line's value: text, a number (written as a number) or a date and time (written as a date). */
export type CoverValue = string | number | Date;

/** The cover sheet's lines: a label and its value, in the reader's language. */
export interface Cover {
  readonly title: string;
  readonly lines: readonly (readonly [string, CoverValue])[];
}

/** A scope of many groups is named by its first few. */
const NAMED_GROUPS = 12;

const principleNames = async (db: Kysely<Database>, list: string, ids: readonly string[], locale: string | undefined): Promise<string[]> => {
  const numbers = ids.map(Number).filter(Number.isSafeInteger);
  if (numbers.length === 0) return [];
  const rows = await db.selectFrom('lookup_principles').select(['id', 'name']).where('list', '=', list).where('id', 'in', numbers).execute();
  const localized = locale
    ? await db.selectFrom('lookup_names').select(['principle_id', 'name']).where('locale', '=', locale).where('principle_id', 'in', numbers).execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  for (const row of localized) if (byId.has(row.principle_id)) byId.set(row.principle_id, row.name);
  return numbers.map((id) => byId.get(id) ?? String(id));
};

const dateRangeLabel = async (db: Kysely<Database>, organizationId: string, tag: string | undefined): Promise<string | undefined> => {
  if (tag === undefined || tag === '') return undefined;
  const range = (await readDateRanges(db, organizationId)).find((item) => item.id === tag);
  return range === undefined ? tag : `${range.label} (${range.value.replace('..', ' – ')})`;
};

const scopeWords = async (db: Kysely<Database>, auth: AuthContext, t: Translate): Promise<string> => {
  const scope = await departmentScopeOf(db, auth);
  if (scope.kind === 'organization') return t('export_cover_scope_all');
  if (scope.ids.length === 0) return '–';
  const rows = await db.selectFrom('departments').select('name').where('organization_id', '=', auth.organization.id).where('id', 'in', [...scope.ids]).orderBy('name').execute();
  const names = rows.map((row) => row.name);
  return names.length > NAMED_GROUPS ? `${names.slice(0, NAMED_GROUPS).join(', ')}, … (${names.length})` : names.join(', ');
};

/** The filters in words: "Gender: Woman, Man; Generation: Gen Y". Principle ids are named from the lookup lists. */
const filterWords = async (db: Kysely<Database>, filters: ExportFilters, t: Translate, locale: string | undefined): Promise<string> => {
  const parts: string[] = [];
  for (const key of FILTER_KEYS) {
    if (key === 'date-tag') continue;
    const value = filters[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    let words: string;
    if (key === 'position-level' || key === 'gender') words = (await principleNames(db, key === 'gender' ? 'genders' : 'position-levels', value as string[], locale)).join(', ');
    else if (key === 'disability' || key === 'lgbtiq') words = t(value === 'yes' ? 'filter_yes' : 'filter_no');
    else words = Array.isArray(value) ? value.join(', ') : String(value);
    parts.push(`${t(`filter.${key}`)}: ${words}`);
  }
  return parts.length === 0 ? t('export_cover_no_filters') : parts.join('; ');
};

export interface CoverInput {
  readonly db: Kysely<Database>;
  readonly auth: AuthContext;
  readonly page: ExportPage | 'compare' | 'extra-survey';
  /** Lines of the export's own, after the page. */
  readonly extra?: readonly (readonly [string, CoverValue])[];
  /** What the figures are about, when it is not the caller's own scope (a comparison's selections). */
  readonly shown?: string;
  readonly filters: ExportFilters;
  readonly k: number;
  readonly maxAdjustment: number;
  readonly now: Date;
  readonly locale: string | undefined;
  readonly t: Translate;
}

/** What the export shows, for whom and how: the first sheet of every workbook. */
export const coverOf = async ({ db, auth, page, extra = [], shown, filters, k, maxAdjustment, now, locale, t }: CoverInput): Promise<Cover> => {
  const [scope, filterText, range] = await Promise.all([
    shown ?? scopeWords(db, auth, t),
    filterWords(db, filters, t, locale),
    dateRangeLabel(db, auth.organization.id, filters['date-tag']),
  ]);
  const pageName = t(page);
  return {
    title: t('export_cover_title', { page: pageName }),
    lines: [
      [t('export_cover_organisation'), auth.organization.name],
      [t('export_cover_page'), pageName],
      ...extra,
      [t('export_cover_scope'), scope],
      [t('export_cover_filters'), filterText],
      [t('export_cover_date_range'), range ?? t('date_range_all')],
      [t('export_cover_made'), now],
      [t('export_cover_k'), k],
      [t('export_cover_hidden'), t('export_cover_hidden_text', { k, hidden: t('chart_hidden_short') })],
      ['', t('export_cover_adjusted', { d: maxAdjustment })],
    ],
  };
};
