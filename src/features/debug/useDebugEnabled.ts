import type { AppState } from '../../../domain/app/state';
import { useRuntime, useSelector } from '../../hooks/runtime';

const selectRole = (s: AppState) => s.session.user?.role ?? null;

/** Debug mode (SPEC section 2): from the address, local storage or a local build, and the role. */
export const useDebugEnabled = (): boolean => {
  const runtime = useRuntime();
  return runtime.debug.isEnabled(useSelector(selectRole));
};
