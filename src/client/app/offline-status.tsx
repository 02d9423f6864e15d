// The offline note under the header (decision 0910): "Offline — saved copy from …" while the screen
// shows what the service worker saved, and what to expect otherwise. Also starts the service worker
// and, once a new version has taken over, loads it at the next change of screen.
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import i18n from '../lib/i18n';
import { noteNewScreen, offlineState, watchNetwork } from '../lib/offline';
import { useLocation } from '../lib/router';
import { newVersionWaiting, registerServiceWorker } from '../pwa/register';

// The note itself is needed only offline: a chunk of its own (precached, so at hand offline).
const OfflineNote = lazy(() => import('./offline-note'));

export function OfflineStatus() {
  const state = useSyncExternalStore(offlineState.subscribe, offlineState.get, offlineState.getServer);
  const { pathname, search } = useLocation();

  useEffect(() => {
    const stop = watchNetwork();
    // After the first load: the service worker, and the offline texts (a write that fails offline
    // says so in the interface language; their chunk is precached).
    registerServiceWorker(() => void i18n.loadNamespaces('offline'));
    return stop;
  }, []);

  const screen = `${pathname}${search}`;
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    // A new version took over while this page was open: this change of screen loads it whole
    // (the screen was left, so nothing typed is lost).
    if (newVersionWaiting()) {
      window.location.reload();
      return;
    }
    noteNewScreen();
  }, [screen]);

  return (
    // Always there (empty while online), so that screen readers announce the note when it appears.
    <div role="status" className="print:hidden" data-testid="offline-status">
      {(state.offline || state.savedAt) && (
        <Suspense fallback={null}>
          <OfflineNote state={state} />
        </Suspense>
      )}
    </div>
  );
}
