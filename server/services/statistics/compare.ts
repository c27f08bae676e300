import { isRight } from 'fp-ts/lib/Either';
import type { Kysely } from 'kysely';
import * as t from 'io-ts';
import { COMPARE_FACTS, type CompareData, type CompareFact, CompareMessages, type CompareQuery, type ComparedSelection, WHOLE_ORGANIZATION } from '../../../domain/contracts/compare';
import { GroupMessages } from '../../../domain/contracts/groups';
import { DateRange } from '../../../domain/contracts/organization';
import { type CrossTable, isSuppressed, type Distribution, type ReleasedCell } from '../../../domain/contracts/stats';
import { type Release, refused, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { invalidData, notFound } from '../errors';
import { type DepartmentScope, departmentScopeOf, visibleDepartmentIds } from '../organization/scope';
import type { SelectionBudget } from './budget';
import { type StatisticsFigures, type StatsRequest, shownValues, statsRequestOf } from './figures';
import * as topics from './topics';

/**
 * The figures of Compare → Internal: each selection is an ordinary statistics request (its own
 * scope and period, the shared filters), so every number is one the dashboards would release
 * for it, adjusted by the cell key method. A comparison of n selections counts n selections
 * against the organisation's hourly allowance (budget.ts).
 */

export interface Resolved {
  readonly group: string;
  readonly dateTag: string | null;
  readonly label: string;
  readonly scope: DepartmentScope;
}

const TOP = 3;

const dateRangesOf = async (db: Kysely<Database>, organizationId: string): Promise<DateRange[]> => {
  const row = await db.selectFrom('settings').select('value').where('organization_id', '=', organizationId).where('key', '=', 'date_ranges').executeTakeFirst();
  const decoded = t.array(DateRange).decode(row?.value ?? []);
  return isRight(decoded) ? decoded.right : [];
};

/** What a caller who sees part of the organisation calls "all": the top groups of their scope. */
const scopeName = async (db: Kysely<Database>, organizationId: string, ids: readonly string[]): Promise<string> => {
  if (ids.length === 0) return '';
  const rows = await db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('organization_id', '=', organizationId).where('id', 'in', [...ids]).orderBy('name').execute();
  const inScope = new Set(rows.map((row) => row.id));
  return rows.filter((row) => row.parent_id === null || !inScope.has(row.parent_id)).map((row) => row.name).join(', ');
};

/**
 * Each selection's scope and label, or 404 for a group the caller may not see (another
 * organisation's and unknown ids alike) and 422 for an unknown date range.
 */
export const resolve = async (db: Kysely<Database>, auth: AuthContext, query: Pick<CompareQuery, 'selections'>): Promise<Resolved[]> => {
  const organizationId = auth.organization.id;
  const own = await departmentScopeOf(db, auth);
  const visible = new Set(await visibleDepartmentIds(db, auth));
  const ranges = await dateRangesOf(db, organizationId);
  const groups = query.selections.map((selection) => selection.group).filter((group) => group !== WHOLE_ORGANIZATION);
  const departments =
    groups.length === 0
      ? []
      : await db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('organization_id', '=', organizationId).where((eb) => eb.or([eb('id', 'in', groups), eb('parent_id', 'in', groups)])).execute();
  const ownName = own.kind === 'organization' ? auth.organization.name : await scopeName(db, organizationId, own.ids);
  return query.selections.map((selection, index) => {
    const tag = selection['date-tag'] ?? null;
    const range = tag === null ? undefined : ranges.find((item) => item.id === tag);
    if (tag !== null && range === undefined) throw invalidData({ [`selection[${index}][date-tag]`]: [CompareMessages.dateTag] });
    const suffix = range === undefined ? '' : ` · ${range.label}`;
    if (selection.group === WHOLE_ORGANIZATION) return { group: WHOLE_ORGANIZATION, dateTag: tag, label: `${ownName}${suffix}`, scope: own };
    const department = departments.find((row) => row.id === selection.group);
    if (department === undefined || !visible.has(department.id)) throw notFound(GroupMessages.notBelongToOrganization);
    const ids = [department.id, ...departments.filter((row) => row.parent_id === department.id).map((row) => row.id)].filter((id) => visible.has(id));
    return { group: department.id, dateTag: tag, label: `${department.name}${suffix}`, scope: { kind: 'departments', ids } };
  });
};

const released = <T>(release: Release<T>): T | null => (release.status === 200 ? release.data : null);

const topsOf = (release: Release<Distribution>): ReleasedCell[] => (release.status === 200 ? release.data.cells.filter((cell): cell is ReleasedCell => !isSuppressed(cell)).slice(0, TOP) : []);

/** LGBTIQ+ respondents: a sexual-orientation selection, so k is the special-category one (as ltcOf for disability). */
export const lgbtiqOf = (figures: StatisticsFigures, req: StatsRequest) =>
  figures.countOf(req, { lgbtiq: req.filters.lgbtiq === 'no' ? ['\u0000'] : ['yes'] }, thresholdFor({ ...req.filters, lgbtiq: 'yes' }));

/** The age bands as one distribution: the released column totals of the gender-by-age table. */
const ageBandsOf = (table: CrossTable): Distribution => ({
  total: table.total,
  multiple: false,
  cells: table.columnTotals.map((cell, j) => ({ ...cell, key: table.columns[j]?.key ?? cell.key, label: table.columns[j]?.label ?? cell.label })),
});

const columnOf = async (figures: StatisticsFigures, req: StatsRequest, resolved: Resolved): Promise<ComparedSelection> => {
  const identity = { group: resolved.group, dateTag: resolved.dateTag, label: resolved.label };
  const total = await figures.countOf(req);
  if (total.status !== 200) return { ...identity, status: 204, message: total.message };
  const [pyramid, longTermCondition, lgbtiq] = await Promise.all([figures.pyramid(req), figures.ltcOf(req), lgbtiqOf(figures, req)]);
  const [index, heritage, country, language, worldview, gender, generation, positionLevel, disability, ...distributions] = await Promise.all([
    figures.mutualityIndex(req),
    figures.mostCommonOf(req, topics.ethnicities, TOP),
    figures.mostCommonOf(req, topics.countryBirth, TOP),
    figures.mostCommonOf(req, topics.languages, TOP),
    figures.mostCommonOf(req, topics.worldviews, TOP),
    figures.distributionOf(req, topics.gender),
    figures.distributionOf(req, topics.generation),
    figures.distributionOf(req, topics.positionLevel),
    figures.distributionOf(req, topics.disability),
    figures.distributionOf(req, topics.countryBirth),
    figures.distributionOf(req, topics.languages),
    figures.distributionOf(req, topics.worldviews),
    figures.distributionOf(req, topics.ethnicities),
  ]);
  const [countries, languages, worldviews, heritages] = distributions.map(shownValues) as [number, number, number, number];
  return {
    ...identity,
    status: 200,
    respondents: total.data.count,
    index: released(index),
    tops: { heritage: topsOf(heritage), country: topsOf(country), language: topsOf(language), worldview: topsOf(worldview) },
    shown: { countries, languages, worldviews, heritages },
    demographics: {
      gender: released(gender),
      generation: released(generation),
      positionLevel: released(positionLevel),
      disability: released(disability),
      ageBand: pyramid.status === 200 ? ageBandsOf(pyramid.data) : null,
      longTermCondition: released(longTermCondition)?.count ?? null,
      lgbtiq: released(lgbtiq)?.count ?? null,
    },
  };
};

type Fact = (typeof COMPARE_FACTS)[number];
type Shown = Extract<ComparedSelection, { status: 200 }>;

const MEASURES: Record<Fact, (column: Shown) => number | null> = {
  most_respondents: (column) => column.respondents,
  highest_index: (column) => column.index?.overall ?? null,
  most_countries: (column) => column.shown.countries,
  most_languages: (column) => column.shown.languages,
  most_worldviews: (column) => column.shown.worldviews,
  most_heritages: (column) => column.shown.heritages,
};

/** "Sales has the most languages shown: 14": the one released selection ahead on each measure (ties say nothing). */
export const compareFacts = (columns: readonly ComparedSelection[]): CompareFact[] => {
  const shown = columns.filter((column): column is Shown => column.status === 200);
  if (shown.length < 2) return [];
  return COMPARE_FACTS.flatMap((key) => {
    const values = shown.map((column) => ({ label: column.label, value: MEASURES[key](column) })).filter((item): item is { label: string; value: number } => item.value !== null);
    if (values.length < 2) return [];
    const best = Math.max(...values.map((item) => item.value));
    const leaders = values.filter((item) => item.value === best);
    return leaders.length === 1 && best > 0 ? [{ key, label: leaders[0]!.label, value: best }] : [];
  });
};

export const compareOf = async (db: Kysely<Database>, figures: StatisticsFigures, budget: SelectionBudget, auth: AuthContext, query: CompareQuery): Promise<CompareData> => {
  const { selections: _selections, ...filters } = query;
  const resolved = await resolve(db, auth, query);
  const requests = await Promise.all(
    resolved.map((selection) => statsRequestOf(db, auth.organization.id, selection.scope, selection.dateTag === null ? filters : { ...filters, 'date-tag': selection.dateTag })),
  );
  // Counted in the order asked, so which selection the allowance refuses is predictable.
  const admitted = await budget.allowEach(requests);
  const computed = await Promise.all(
    resolved.map((selection, index): Promise<ComparedSelection> | ComparedSelection =>
      admitted[index]
        ? columnOf(figures, requests[index]!, selection)
        : { group: selection.group, dateTag: selection.dateTag, label: selection.label, status: 204, message: refused().message },
    ),
  );
  // Each selection counts whole release blocks (./releasedBlocks.ts), so two columns differ by whole blocks of at least m people: nothing more to withhold together.
  return { selections: computed, facts: compareFacts(computed) };
};
