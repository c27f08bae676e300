import { getDateRanges, getOrganizationInformation, getTiers } from '../../contracts/organization';
import { getPackage } from '../../contracts/packages';
import type { SectionEntry } from './entry';

/** Organisation settings: information, tiers, date ranges, view-as consent. */
export const organizationSections = {
  orgInfo: { endpoint: getOrganizationInformation },
  tiers: { endpoint: getTiers },
  dateRanges: { endpoint: getDateRanges },
  /** The Upgrade account page: seats, links, answers and dates of the package. */
  package: { endpoint: getPackage },
} satisfies Record<string, SectionEntry>;
