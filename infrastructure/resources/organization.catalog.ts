import {
  getDateRanges, getOrganizationInformation, getTiers, renameTiers, saveDateRanges, toggleViewAsConsent, updateOrganizationSetting,
} from '../../domain/contracts/organization';
import { updateOrganization as updateDetails } from '../../domain/contracts/groups';
import { getPackage, requestPackage } from '../../domain/contracts/packages';
import type { ActionEntry, SectionEntry } from './entries';

/** Organisation settings: information, tiers, date ranges, view-as consent. */
export const organizationSections = {
  orgInfo: { endpoint: getOrganizationInformation },
  tiers: { endpoint: getTiers },
  dateRanges: { endpoint: getDateRanges },
  /** The Upgrade account page: seats, links, answers and dates of the package. */
  package: { endpoint: getPackage },
} satisfies Record<string, SectionEntry>;

export const organizationActions = {
  renameTiers: { endpoint: renameTiers, reloads: ['tiers'], done: 'Tier names saved.' },
  saveDateRanges: { endpoint: saveDateRanges, reloads: ['dateRanges'], done: 'Date ranges saved.' },
  updateOrganization: { endpoint: updateOrganizationSetting, reloads: ['orgInfo'], done: 'Organisation saved.' },
  toggleViewAsConsent: { endpoint: toggleViewAsConsent, reloads: ['orgInfo'] },
  /** Name, details and logo (POST /organization/update, multipart). */
  updateDetails: { endpoint: updateDetails, reloads: ['orgInfo'], multipart: true, done: 'Organisation saved.' },
  requestPackage: { endpoint: requestPackage, reloads: [], done: 'Request sent.' },
} satisfies Record<string, ActionEntry>;
