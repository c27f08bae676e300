/**
 * When an organisation earns a certificate (docs/exports.md). Both figures are what the
 * dashboard releases: the respondents count of home/total-registered (perturbed, at least k).
 */
export const CERTIFICATE_MIN_RESPONDENTS = 20;
/** Percent of the package's seats that answered. */
export const CERTIFICATE_MIN_PARTICIPATION = 30;

/** Share of seats that answered, one decimal; 0 without seats. */
export const participationOf = (respondents: number, seats: number): number =>
  seats <= 0 ? 0 : Math.round((Math.min(respondents, seats) / seats) * 1000) / 10;

/** True when a released respondents figure (null: withheld) and the seats earn a certificate. */
export const earnsCertificate = (respondents: number | null, seats: number): boolean =>
  respondents !== null && respondents >= CERTIFICATE_MIN_RESPONDENTS && participationOf(respondents, seats) >= CERTIFICATE_MIN_PARTICIPATION;
