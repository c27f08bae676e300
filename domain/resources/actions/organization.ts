import {
  renameTiers, saveDateRanges, toggleViewAsConsent, updateOrganizationSetting,
} from '../../contracts/organization';
import { updateOrganization as updateDetails } from '../../contracts/groups';
import { requestPackage } from '../../contracts/packages';
import * as t from 'io-ts';
import { benchmarkPooling } from '../../contracts/benchmark';
import { addSsoDomain, saveOidcSettings, saveSamlSettings, saveSsoGroupMappings, verifySsoDomain } from '../../contracts/sso';
import { FileField, type ActionEntry } from './entry';

/** Organisation settings: information, tiers, date ranges, view-as consent, package. */
export const organizationActions = {
  renameTiers: { endpoint: renameTiers, reloads: ['tiers'], done: 'Tier names saved.' },
  saveDateRanges: { endpoint: saveDateRanges, reloads: ['dateRanges'], done: 'Date ranges saved.' },
  updateOrganization: { endpoint: updateOrganizationSetting, reloads: ['orgInfo'], done: 'Organisation saved.' },
  toggleViewAsConsent: { endpoint: toggleViewAsConsent, reloads: ['orgInfo'] },
  /** Name, details and logo (POST /organization/update, multipart). */
  updateDetails: { endpoint: updateDetails, reloads: ['orgInfo'], files: t.partial({ logo: FileField }), done: 'Organisation saved.' },
  requestPackage: { endpoint: requestPackage, reloads: [], done: 'Request sent.' },
  /** Benchmark → Internal: whether the organisation pools with its peers (administrator only). */
  benchmarkPooling: { endpoint: benchmarkPooling, reloads: ['benchmarkInternal'] },
  /** Single sign-on: the provider, "SSO required" and just-in-time accounts; then the domains it serves. */
  saveSsoSettings: { endpoint: saveOidcSettings, reloads: ['ssoSettings', 'samlSettings'], done: 'Single sign-on saved.' },
  /** The SAML identity provider's metadata; saving it makes SAML the provider sign-ins go to. */
  saveSamlSettings: { endpoint: saveSamlSettings, reloads: ['ssoSettings', 'samlSettings'], done: 'Single sign-on saved.' },
  addSsoDomain: { endpoint: addSsoDomain, reloads: ['ssoSettings'] },
  verifySsoDomain: { endpoint: verifySsoDomain, reloads: ['ssoSettings'], done: 'Domain verified.' },
  /** The group claim's name and its values mapped to groups (either provider kind). */
  saveSsoGroups: { endpoint: saveSsoGroupMappings, reloads: ['ssoGroups'], done: 'Group mappings saved.' },
} satisfies Record<string, ActionEntry>;
