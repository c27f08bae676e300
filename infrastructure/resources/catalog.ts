import type { AnyEndpoint } from '../../domain/contracts/endpoint';
import {
  getDateRanges, getOrganizationInformation, getTiers, renameTiers, saveDateRanges, toggleViewAsConsent, updateOrganizationSetting,
} from '../../domain/contracts/organization';

/**
 * Which endpoint serves each data section (SPEC section 3 names) and each action. The names
 * are what commands and events carry; the endpoints stay here, out of the log.
 */
export interface SectionEntry {
  readonly endpoint: AnyEndpoint;
  /** Path placeholders taken from the load's args; the other args become the query. */
  readonly pathParams?: readonly string[];
  /** Statistics sections send the active filters with their query (SPEC section 7). */
  readonly filtered?: boolean;
}

export interface ActionEntry {
  readonly endpoint: AnyEndpoint;
  readonly pathParams?: readonly string[];
  /** Sections to load again after a success, with the args of their last load. */
  readonly reloads: readonly SectionName[];
  /** The sentence shown on success when the server sends none. */
  readonly done?: string;
}

export const sections = {
  orgInfo: { endpoint: getOrganizationInformation },
  tiers: { endpoint: getTiers },
  dateRanges: { endpoint: getDateRanges },
} satisfies Record<string, SectionEntry>;

export type SectionName = keyof typeof sections;

export const actions = {
  renameTiers: { endpoint: renameTiers, reloads: ['tiers'], done: 'Tier names saved.' },
  saveDateRanges: { endpoint: saveDateRanges, reloads: ['dateRanges'], done: 'Date ranges saved.' },
  updateOrganization: { endpoint: updateOrganizationSetting, reloads: ['orgInfo'], done: 'Organisation saved.' },
  toggleViewAsConsent: { endpoint: toggleViewAsConsent, reloads: ['orgInfo'] },
} satisfies Record<string, ActionEntry>;

export type ActionName = keyof typeof actions;

export const sectionEntry = (name: string): SectionEntry | undefined => (sections as Record<string, SectionEntry>)[name];
export const actionEntry = (name: string): ActionEntry | undefined => (actions as Record<string, ActionEntry>)[name];
