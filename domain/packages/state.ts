import { AuthMessages } from '../contracts/auth';

/** Whether the server said this organisation's package ended (a 403 'no active package'). */
export interface PackageNotice {
  readonly ended: boolean;
}

export const initialPackageNotice: PackageNotice = { ended: false };

const CLEARED_BY: ReadonlySet<string> = new Set(['session/signedOut', 'session/loggedIn']);

/**
 * Folds the refusals of calls: once any call answers 403 'no active package', the dashboards
 * send an administrator to the Upgrade account page. A new sign-in starts afresh.
 */
export const packageNoticeReducer = (state: PackageNotice = initialPackageNotice, event: { type: string }): PackageNotice => {
  if (event.type === 'api/failed') {
    const failed = event as unknown as { code: number | string; message: string | null };
    return failed.code === 403 && failed.message === AuthMessages.noActivePackage && !state.ended ? { ended: true } : state;
  }
  // The package page itself says the package is usable again (renewed while signed in).
  if (event.type === 'resource/loaded' && state.ended) {
    const loaded = event as unknown as { name: string; data: unknown };
    const status = (loaded.data as { status?: unknown } | null)?.status;
    return loaded.name === 'package' && status === 'active' ? initialPackageNotice : state;
  }
  return CLEARED_BY.has(event.type) && state.ended ? initialPackageNotice : state;
};
