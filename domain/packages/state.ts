/** Whether the server said this organisation's package ended (a 403 'no active package'). */
export interface PackageNotice {
  readonly ended: boolean;
}

export const initialPackageNotice: PackageNotice = { ended: false };
