// A place's hours on its card (decision 0800): 'Open now · closes 12:00', 'Opens Sat 7:00',
// 'Out of season until April' from the answer's openNow and nextChange, and when its details were
// last checked. No opening_hours library here: statusFromEvaluation and hoursStatusText are light,
// so Discover's first screen stays within its budget (docs/architecture.md, Performance budgets).
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusFromEvaluation } from '../../../shared/hours-status';
import type { Location } from '../../../shared/schemas/location';
import { hoursStatusText } from '../../components/opening-hours-editor/status-text';
import { formatMonthYear } from '../../lib/dates';

// Set once the app has hydrated in this browser: later mounts know "now" from their first render.
let hydrated = false;

/**
 * The current instant, or null while the server renders and while the browser hydrates, so the
 * page rendered on the server and its first render in the browser are the same (decision 0900).
 * Ticks every minute so an opening or closing shows without a reload.
 */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(() => (hydrated ? new Date() : null));
  useEffect(() => {
    hydrated = true;
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

type HoursFields = Pick<Location, 'openNow' | 'nextChange'>;

/** The status line's text, or null (no structured hours, a stale answer, or "now" not known yet). */
export function useHoursStatusText(location: HoursFields): string | null {
  const { t, i18n } = useTranslation('hours');
  const now = useNow();
  if (!now) return null;
  const locale = i18n.language?.startsWith('es') ? 'es' : 'en';
  const status = statusFromEvaluation(
    { openNow: location.openNow ?? null, nextChange: location.nextChange ?? null },
    now,
    locale,
  );
  return status ? hoursStatusText(status, t) : null;
}

export function HoursStatusLine({ location }: { location: HoursFields }) {
  const text = useHoursStatusText(location);
  if (!text) return null;
  return (
    <p className="flex items-start gap-2 text-sm font-medium text-gray-900" data-testid="hours-status">
      <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gray-600" />
      <span>{text}</span>
    </p>
  );
}

/** 'Checked Mar 2026' or 'Not checked yet'; no "now" involved, so the server renders it too. */
export function CheckedLine({ lastVerifiedAt, className }: { lastVerifiedAt: string | null; className?: string }) {
  const { t, i18n } = useTranslation('discover');
  const month = formatMonthYear(lastVerifiedAt, i18n.language);
  return (
    <p className={className ?? 'text-xs text-gray-700'} data-testid="checked-line">
      {month ? t('card.checked', { date: month }) : t('card.notChecked')}
    </p>
  );
}
