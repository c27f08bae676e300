/** The localStorage flag that keeps the debug panel open across reloads. */
export const DEBUG_STORAGE_KEY = 'debug';

const ADMIN_ROLES = new Set(['admin', 'head', 'second_admin']);

/**
 * The panel opens with ?debug (which also sets the flag) or the stored flag, and only for an
 * administrator or on a local build: an auditor's tool, never a participant's.
 */
export const isDebugEnabled = (input: { search: string; storage: Storage; localBuild: boolean; role: string | null }): boolean => {
  const asked = new URLSearchParams(input.search).has('debug');
  let flagged = false;
  try {
    if (asked) input.storage.setItem(DEBUG_STORAGE_KEY, '1');
    flagged = input.storage.getItem(DEBUG_STORAGE_KEY) === '1';
  } catch {
    flagged = asked;
  }
  return (asked || flagged) && (input.localBuild || (input.role !== null && ADMIN_ROLES.has(input.role)));
};
