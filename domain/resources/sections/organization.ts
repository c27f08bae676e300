import { getDateRanges, getOrganizationInformation, getTiers } from '../../contracts/organization';
import { getPackage } from '../../contracts/packages';
import { getOidcSettings, getSamlServiceProviderMetadata, getSamlSettings, getSsoGroupMappings } from '../../contracts/sso';
import type { SectionEntry } from './entry';

/** Organisation settings: information, tiers, date ranges, view-as consent. */
export const organizationSections = {
  orgInfo: { endpoint: getOrganizationInformation },
  tiers: { endpoint: getTiers },
  dateRanges: { endpoint: getDateRanges },
  /** The Upgrade account page: seats, links, answers and dates of the package. */
  package: { endpoint: getPackage },
  /** Single sign-on with the organisation's identity provider (administrator only). */
  ssoSettings: { endpoint: getOidcSettings },
  /** The SAML kind of the same provider settings, and our metadata to give the identity provider. */
  samlSettings: { endpoint: getSamlSettings },
  samlSpMetadata: { endpoint: getSamlServiceProviderMetadata },
  /** Values of the provider's group claim mapped to the organisation's groups. */
  ssoGroups: { endpoint: getSsoGroupMappings },
} satisfies Record<string, SectionEntry>;
