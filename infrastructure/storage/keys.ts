/** The localStorage keys of SPEC section 3, spelled as the product has always spelled them. */
export const STORAGE_KEYS = {
  dateRange: 'dateRange',
  dateId: 'dateId',
  dashboardIsBuilt: 'dashboardIsBuilt',
  state: 'state',
  version: 'version',
  regex: 'regex',
  newLang: 'newLang',
  refreshToken: 'refresh_token',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
