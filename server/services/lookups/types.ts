import type { LookupList } from '../../../domain/contracts/lookups';

/**
 * Lists stored beside the answerable ones: the zones countries and languages belong to (and
 * ethnic regions are), and the cultural families of the heritages.
 */
export type SupportList = 'macro-zones' | 'zones' | 'micro-zones' | 'cultural-families';
export type StoredList = LookupList | SupportList;

/** A row by its natural key: ids are only known once the row is stored. */
export interface RowRef {
  readonly list: StoredList;
  readonly code: string;
}

/**
 * One item as a builder produces it. (list, code) is the natural key its principleId is kept
 * under for ever; name is English; sort orders the list (the "Prefer not to answer" item last).
 */
export interface LookupRow extends RowRef {
  readonly name: string;
  readonly sort: number;
  /** Other names the search also matches (e.g. 'Ivory Coast'). */
  readonly aliases?: readonly string[];
  readonly parent?: RowRef;
  /** Ethnicities: the cultural family. */
  readonly family?: RowRef;
  /** Countries and languages: the micro-zone; ethnicities: the ethnic region (a micro-zone too). */
  readonly region?: RowRef;
}

/** A row's name in one of the product's locales, where the data has one. */
export interface LocalName extends RowRef {
  readonly locale: string;
  readonly name: string;
  readonly aliases?: readonly string[];
  /** Alphabetical rank in that locale, for lists shown alphabetically; else the row's sort applies. */
  readonly sort: number | null;
}

export interface LookupBuild {
  readonly rows: readonly LookupRow[];
  readonly names: readonly LocalName[];
}

/** A product locale (locales table code) and the CLDR locale its names come from. */
export interface NameLocale {
  readonly code: string;
  readonly cldr: string;
}

/** Sort value of every list's "Prefer not to answer" item: after everything else. */
export const LAST = 1_000_000_000;
