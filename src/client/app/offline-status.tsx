// The offline note under the header (decision 0910): "Offline — saved copy from …" while the screen
// shows what the service worker saved, and what to expect otherwise. Also starts the service worker
// and, once a new version has taken over, loads it at the next change of screen.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';
import { formatDateTime } from '../lib/dates';
import { noteNewScreen, type OfflineState, offlineState, watchNetwork } from '../lib/offline';
import { useLocation } from '../lib/router';
import { newVersionWaiting, registerServiceWorker } from '../pwa/register';

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
      {(state.offline || state.savedAt) && <OfflineNote state={state} />}
    </div>
  );
}

function OfflineNote({ state }: { state: OfflineState }) {
  const { t, i18n: current, ready } = useTranslation('offline', { useSuspense: false });
  if (!ready) return null;
  const date = state.savedAt ? formatDateTime(state.savedAt, current.language) : '';
  const text = state.offline
    ? date
      ? t('savedCopy', { date })
      : state.savedAt === ''
        ? t('notSaved')
        : t('offline')
    : t('onlineAgain', { date });
  return (
    <div className="border-b border-amber-300 bg-amber-50">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm font-medium text-amber-950">
        <span>{text}</span>
        {!state.offline && (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="min-h-9 rounded-md border border-amber-400 bg-white px-3 text-sm font-semibold text-amber-950 hover:bg-amber-100"
          >
            {t('reload')}
          </button>
        )}
      </p>
    </div>
  );
}
