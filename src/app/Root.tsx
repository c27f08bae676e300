import { Outlet, useHref, useNavigate } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { LowercasePaths } from './guards';
import { Notifications } from '../components/Notifications';
import { LogoutAlert } from '../components/LogoutAlert';
import { InactivityWarning } from '../components/InactivityWarning';
import { DebugPanel, useDebugEnabled } from '../features/debug/DebugPanel';
import { useReplayLock } from '../features/debug/useReplayLock';

export const Root = () => {
  const locked = useReplayLock();
  const navigate = useNavigate();
  const debugOpen = useDebugEnabled();
  return (
    // react-aria links navigate through the router instead of reloading the page.
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      <LowercasePaths>
        <div className={debugOpen ? 'app-root with-debug' : 'app-root'} inert={locked || undefined}>
          <Outlet />
          <Notifications />
          <LogoutAlert />
          <InactivityWarning />
        </div>
        <DebugPanel />
      </LowercasePaths>
    </AriaRouterProvider>
  );
};
