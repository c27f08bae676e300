import type { Kysely } from 'kysely';
import { PREFER_NOT_CODE } from '../../domain/contracts/lookups';
import type { Database } from '../db/database';
import { normaliseSearch } from '../services/lookups/normalise';

/** The lookup lists a response's answers come from. */
export const DEMO_LISTS = [
  'countries',
  'states',
  'languages',
  'ethnicities',
  'worldviews',
  'branches',
  'denominations',
  'genders',
  'ages',
  'educations',
  'disabilities',
  'sexual-orientations',
  'position-levels',
  'position-types',
  'appearances',
] as const;
export type DemoList = (typeof DEMO_LISTS)[number];

export interface CatalogueItem {
  readonly id: number;
  readonly list: DemoList;
  readonly code: string;
  readonly name: string;
  readonly parentId: number | null;
}

/** A row as lookup_principles holds it. */
export interface CatalogueRow {
  readonly id: number;
  readonly list: string;
  readonly code: string;
  readonly name: string;
  readonly search: string;
  readonly parent_id: number | null;
}

/** A category of a source (a census table, an assumption) named by code and by name. */
export interface NamedCategory {
  readonly code?: string;
  readonly name: string;
}

/**
 * The answerable lookup items by list, code and name. Census categories and the demo's own
 * tables name items by code; a code the lists do not have is tried by name (the shown name,
 * then every search alias, then each part of a name like 'Filipino/Tagalog' or 'China (excl.
 * SARs and Taiwan)'). What matches nothing is reported through `warn` and left out: its share
 * then goes to the rest of its topic.
 */
export class Catalogue {
  private readonly byCode = new Map<string, CatalogueItem>();
  private readonly byName = new Map<string, CatalogueItem>();
  private readonly byId = new Map<number, CatalogueItem>();
  private readonly children = new Map<number, CatalogueItem[]>();
  private readonly warned = new Set<string>();

  constructor(
    rows: readonly CatalogueRow[],
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {
    const lists = new Set<string>(DEMO_LISTS);
    for (const row of rows) {
      if (!lists.has(row.list)) continue;
      const item: CatalogueItem = { id: row.id, list: row.list as DemoList, code: row.code, name: row.name, parentId: row.parent_id };
      this.byCode.set(`${row.list}\u0000${row.code}`, item);
      this.byId.set(row.id, item);
      for (const alias of [normaliseSearch(row.name), ...row.search.split(' | ')]) {
        const key = `${row.list}\u0000${alias}`;
        if (!this.byName.has(key)) this.byName.set(key, item);
      }
      if (row.parent_id !== null) {
        const siblings = this.children.get(row.parent_id) ?? [];
        siblings.push(item);
        this.children.set(row.parent_id, siblings);
      }
    }
    for (const list of DEMO_LISTS) {
      if (this.find(list, PREFER_NOT_CODE) === undefined) throw new Error(`The lookup list '${list}' is not seeded: run the lookup seed before the demo data.`);
    }
  }

  /** The item of a code, quietly undefined when the list has none. */
  find(list: DemoList, code: string): CatalogueItem | undefined {
    return this.byCode.get(`${list}\u0000${code}`);
  }

  byIdOf(id: number): CatalogueItem | undefined {
    return this.byId.get(id);
  }

  /** The item a category stands for, by code then by name; a miss is reported once per category. */
  resolve(list: DemoList, category: NamedCategory, context: string): CatalogueItem | undefined {
    if (category.code !== undefined) {
      const item = this.find(list, category.code);
      if (item !== undefined) return item;
    }
    const names = [category.name, category.name.replace(/\s*\(.*\)\s*/g, ' '), ...category.name.split('/')];
    for (const name of names) {
      const item = this.byName.get(`${list}\u0000${normaliseSearch(name)}`);
      if (item !== undefined) return item;
    }
    const key = `${list}\u0000${category.code ?? ''}\u0000${category.name}`;
    if (!this.warned.has(key)) {
      this.warned.add(key);
      this.warn(`Demo data: ${context} '${category.name}'${category.code === undefined ? '' : ` (${category.code})`} matches no item of the ${list} list; its share goes to the other answers.`);
    }
    return undefined;
  }

  /** A code that must resolve: the demo's own tables use it. */
  resolveCode(list: DemoList, code: string, context: string): CatalogueItem | undefined {
    return this.resolve(list, { code, name: code }, context);
  }

  preferNot(list: DemoList): number {
    return this.find(list, PREFER_NOT_CODE)!.id;
  }

  /** The items whose parent is the given item (a country's states, a level's position types). */
  childrenOf(id: number): readonly CatalogueItem[] {
    return this.children.get(id) ?? [];
  }
}

/** Reads the answerable lookup lists (active items only) from the database. */
export const loadCatalogue = async (db: Kysely<Database>, warn?: (message: string) => void): Promise<Catalogue> => {
  const rows = await db
    .selectFrom('lookup_principles')
    .select(['id', 'list', 'code', 'name', 'search', 'parent_id'])
    .where('list', 'in', [...DEMO_LISTS])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  return new Catalogue(rows, warn);
};
