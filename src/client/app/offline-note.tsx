// The text of the offline note (decision 0910): what the screen shows and since when. Loaded by
// offline-status.tsx only when there is something to say.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/dates';
import type { OfflineState } from '../lib/offline';

export default function OfflineNote({ state }: { state: OfflineState }) {
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
