/** Names by principle id, in the language the page is shown in. */
export type LocalNames = ReadonlyMap<string, string>;

// A figure keyed by two ids ('12|34': a look by continent) is named after the last of them.
const lastId = (key: string): string => (key.includes('|') ? key.slice(key.lastIndexOf('|') + 1) : key);
const nameOf = (names: LocalNames, key: string): string | undefined => names.get(key) ?? (key.includes('|') ? names.get(lastId(key)) : undefined);

/** What the typed-in lists add: each item's code (the gender colours' key) and the items still in English. */
export interface LabelFacts {
  readonly codes: ReadonlyMap<string, string>;
  readonly untranslated: ReadonlySet<string>;
}

/**
 * A statistic with every label of a known key in the page's language: cells, headers and tree
 * nodes alike (anything with a string key and label). Labels without a lookup key (Born
 * elsewhere, age bands) are left as they came, and so is a label that is its own key ('1',
 * '4+': counts, not items, whatever item has that id). With `facts`, a labelled item also
 * carries its `code` (the charts colour genders by it) and `untranslated` when its name is
 * still the English one (the charts mark it lang="en"). With `fixed` (fixedNames), a cell that
 * is no item ('No answer', 'Yes') takes its name by its English label.
 */
export const localiseLabels = <T>(data: T, names: LocalNames | null, facts?: LabelFacts, fixed?: LocalNames): T => {
  if ((names === null || names.size === 0) && facts === undefined && (fixed === undefined || fixed.size === 0)) return data;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [field, inner] of Object.entries(value)) out[field] = walk(inner);
    const { key, label } = value as { key?: unknown; label?: unknown };
    if (typeof key === 'string' && typeof label === 'string' && label !== key) {
      out.label = (names === null ? undefined : nameOf(names, key)) ?? fixed?.get(label) ?? label;
      const id = lastId(key);
      const code = facts?.codes.get(id);
      if (code !== undefined) out.code = code;
      if (facts?.untranslated.has(id)) out.untranslated = true;
    }
    return out;
  };
  return walk(data) as T;
};

