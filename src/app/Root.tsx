import { Outlet, useHref, useNavigate } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { LowercasePaths } from './guards';
import { Notifications } from '../components/Notifications';
import { LogoutAlert } from '../components/LogoutAlert';
import { useReplayLock } from '../features/debug/useReplayLock';
import { useDebugEnabled } from '../features/debug/useDebugEnabled';
import type { AppState } from '../../domain/app/state';
import { useSelector } from '../hooks/runtime';
import { lazyNamed } from './lazyPage';

// Chunks of their own, fetched when first needed: most visits show neither.
const debugPanel = lazyNamed(() => import('../features/debug/DebugPanel'), 'DebugPanel', null);
const inactivityWarning = lazyNamed(() => import('../components/InactivityWarning'), 'InactivityWarning', null);
const selectWarning = (s: AppState) => s.session.inactivityWarning;

/** Loads the shell's own chunks now (tests render at once). */
export const preloadShell = (): Promise<unknown> => Promise.all([debugPanel.preload(), inactivityWarning.preload()]);

export const Root = () => {
  const locked = useReplayLock();
  const navigate = useNavigate();
  const debugOpen = useDebugEnabled();
  const warning = useSelector(selectWarning);
  return (
    // react-aria links navigate through the router instead of reloading the page.
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      <LowercasePaths>
        <div className={debugOpen ? 'app-root with-debug' : 'app-root'} inert={locked || undefined}>
          <Outlet />
          <Notifications />
          <LogoutAlert />
          {warning && <inactivityWarning.Page />}
        </div>
        {debugOpen && <debugPanel.Page />}
      </LowercasePaths>
    </AriaRouterProvider>
  );
};
