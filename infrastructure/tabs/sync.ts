import { filter } from 'rxjs';
import { isSharedAcrossTabs } from '../../domain/session/sharing';
import type { Store } from '../bus/store';
import type { TabChannel } from './channel';

/**
 * Sends this tab's own session facts to the other tabs and folds theirs in as remote.
 * Remote entries are never sent again, so two tabs cannot echo a logout back and forth.
 */
export const connectTabs = (store: Store, channel: TabChannel): (() => void) => {
  const outgoing = store.appended$
    .pipe(filter((entry) => entry.origin === 'local' && isSharedAcrossTabs(entry.body.type)))
    .subscribe((entry) => channel.post(entry));
  const stopIncoming = channel.subscribe((received) => {
    // Signing out in one tab is, for every other tab, being signed out by another tab: that is
    // the reason this tab shows and logs, so the person learns why the page changed under them.
    const entry =
      received.body.type === 'session/signedOut' && received.body.reason === 'logout'
        ? { ...received, body: { ...received.body, reason: 'otherTab' as const } }
        : received;
    if (!isSharedAcrossTabs(entry.body.type) || !store.receiveRemote(entry)) return;
    // Another tab's view-as switch emptied this tab's sections; effects never see remote
    // facts, so this tab asks for its own reload (once, however often the fact arrives).
    if (entry.body.type === 'session/viewAsChanged') store.dispatch({ type: 'resource/reloadAll' });
  });
  return () => {
    outgoing.unsubscribe();
    stopIncoming();
  };
};
