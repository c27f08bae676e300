/**
 * An organisation's package: its seats, its start and end, and its status. Pure: the caller
 * passes the time. The server enforces it (sign-in, every request) and the Upgrade account
 * page shows it.
 */

export const DAY_MS = 86_400_000;

/** Who sees the package and asks for more: the administrator and the second administrator. */
export const PACKAGE_ROLES: readonly string[] = ['admin', 'second_admin'];

/** Reminder emails go out this many days before the end (issue 20). */
export const REMINDER_DAYS: readonly number[] = [30, 7, 1];

/** active: usable; ended: its end date passed; suspended: switched off by the operator. */
export type PackageStatus = 'active' | 'ended' | 'suspended';

export interface PackageDates {
  /** Switched on by the operator. */
  readonly active: boolean;
  /** Epoch milliseconds; null: no end date. */
  readonly endsAt: number | null;
}

/** Ended at its end instant exactly: the last usable moment is just before it. */
export const packageStatus = (pkg: PackageDates, now: number): PackageStatus => {
  if (!pkg.active) return 'suspended';
  return pkg.endsAt !== null && pkg.endsAt <= now ? 'ended' : 'active';
};

/** Whole days left, counting a started day as one; 0 once ended; null without an end date. */
export const daysLeft = (endsAt: number | null, now: number): number | null =>
  endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / DAY_MS));

/**
 * The reminder due now, if any: the most urgent threshold whose time has come, unless it was
 * already sent for this end date. A package that starts with five days left gets the 7-day
 * reminder only, never a late 30-day one; a server down for a while catches up with one mail.
 */
export const reminderDue = (endsAt: number | null, now: number, sent: readonly number[]): number | null => {
  if (endsAt === null || endsAt <= now) return null;
  const due = REMINDER_DAYS.filter((days) => endsAt - now <= days * DAY_MS);
  if (due.length === 0) return null;
  const mostUrgent = Math.min(...due);
  return sent.some((days) => days <= mostUrgent) ? null : mostUrgent;
};

export interface SeatFigures {
  readonly capacity: number;
  /** Seats the links hold back: a live link all of its seats, any other the seats it used. */
  readonly promised: number;
}

/** Seats still free for new links; never negative (a capacity lowered below what is promised). */
export const seatsFree = (figures: SeatFigures): number => Math.max(0, figures.capacity - figures.promised);
