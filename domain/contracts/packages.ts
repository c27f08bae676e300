import * as t from 'io-ts';
import { endpoint } from './endpoint';

export const PackageStatus = t.keyof({ active: null, ended: null, suspended: null });

/** What the Upgrade account page shows: every figure computed by the server. */
export const PackageUsage = t.strict({
  status: PackageStatus,
  seat_capacity: t.number,
  /** Seats the links hold back from the capacity: live links all their seats, others what they used. */
  seats_promised: t.number,
  seats_free: t.number,
  /** Links switched on and not expired, and the seats they offer. */
  live_links: t.number,
  live_link_seats: t.number,
  /** Responses received over every link. */
  answers_received: t.number,
  /** ISO 8601; null: not recorded / no end date. */
  starts_at: t.union([t.string, t.null]),
  ends_at: t.union([t.string, t.null]),
  /** Whole days left (0 once ended); null without an end date. */
  days_left: t.union([t.number, t.null]),
  /** The days before the end on which the administrators are emailed. */
  reminder_days: t.array(t.number),
  /** Whether a request for more can be sent from the page (an operator address is set). */
  can_request: t.boolean,
  /** The operator's address (OPERATOR_EMAIL) the administrator can write to; null when none is set. */
  contact_email: t.union([t.string, t.null]),
});
export type PackageUsage = t.TypeOf<typeof PackageUsage>;

/** GET /organization/package: administrators and second administrators, also once the package ended. */
export const getPackage = endpoint({ method: 'GET', path: '/organization/package', data: PackageUsage });

export const PACKAGE_REQUEST_LIMITS = { seatsMax: 1_000_000, monthsMax: 60, messageMax: 2000 } as const;

const integerIn = (min: number, max: number) =>
  t.refinement(t.number, (n) => Number.isInteger(n) && n >= min && n <= max, `integer from ${min} to ${max}`);

/** A request for more: seats wanted in total, months more, and a note; at least one of them. */
export const PackageRequest = t.strict({
  seats: t.union([integerIn(1, PACKAGE_REQUEST_LIMITS.seatsMax), t.null]),
  months: t.union([integerIn(1, PACKAGE_REQUEST_LIMITS.monthsMax), t.null]),
  message: t.refinement(t.string, (s) => s.length <= PACKAGE_REQUEST_LIMITS.messageMax, 'at most 2000 characters'),
});
export type PackageRequest = t.TypeOf<typeof PackageRequest>;

/** POST /organization/package/request: emails the operator through the outbox. */
export const requestPackage = endpoint({ method: 'POST', path: '/organization/package/request', body: PackageRequest, data: t.strict({ sent: t.boolean }) });

export const PackageMessages = {
  emptyRequest: 'Say how many seats or months you would like, or write a note.',
  requestsUnavailable: 'Requests cannot be sent from this page, as no address is set up for them.',
  onlyAdministrators: 'Only administrators can see and change the package.',
} as const;
