import { useDebugEnabled } from '../features/debug/useDebugEnabled';
import { NotFound } from './NotFound';

/**
 * /debug/render-failure: fails to render on purpose, so that the error screen and its report
 * can be seen end to end. Only in debug mode (?debug on a local build, or an administrator);
 * anyone else sees the not-found page, as for any unknown address.
 */
export const RenderFailureProbe = () => {
  if (useDebugEnabled()) throw new Error('Forced render failure (debug probe)');
  return <NotFound />;
};
