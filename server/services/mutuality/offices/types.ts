import type { MutualityPillarName } from '../../../../domain/mutuality/census';
import type { OfficeRow, Resolution } from '../officeTables';
import type { OfficeFile } from './csv';

/** What a reader makes of an office's file: the categories as printed, before they are mapped onto a lookup list. */
export interface OfficeTableRead {
  /** The office's table id ("G09", "TS004", "98-401-X2021001", "B05006", "birthplace-2018-census"). */
  readonly table: string;
  readonly title: string;
  readonly year: number;
  readonly pillar: MutualityPillarName;
  readonly measure: string;
  /** Leaf categories only (subtotals left out), "not stated" rows named NOT_STATED_NAME. */
  readonly rows: readonly OfficeRow[];
  /** Categories whose count is not a number (a confidential cell), reported, never read as 0. */
  readonly unreadable: readonly string[];
  /** The people the shares are of, when the file says; null when it counts responses or part of the population. */
  readonly population: number | null;
  readonly multiple: boolean;
  readonly rest: 'other' | 'none';
  readonly note: string;
  /** An office's own way of placing a row (Stats NZ's codes); otherwise rows are matched by name. */
  readonly resolve?: (row: OfficeRow) => Resolution;
}

export interface ReadOptions {
  /** Which table or topic of the file (a Statistics Canada profile holds them all). */
  readonly table?: string;
  readonly year?: number;
}

export type OfficeReader = (files: readonly OfficeFile[], options: ReadOptions) => OfficeTableRead;

/** Which lookup list a pillar's categories are mapped onto. */
export const LIST_OF_PILLAR = { heritage: 'ethnicities', country: 'countries', language: 'languages', worldview: 'worldviews' } as const;
