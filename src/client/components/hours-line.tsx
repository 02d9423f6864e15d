// A place's hours on its card and page (decision 0800), from the answer's openNow and nextChange,
// and when its details were last checked. No opening_hours library here, so Discover's first
// screen stays within its budget (docs/architecture.md, Performance budgets).
import { Clock } from 'lucide-react';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { statusFromEvaluation } from '../../shared/hours-status';
import type { Location } from '../../shared/schemas/location';
import { hoursStatusText } from './opening-hours-editor/status-text';
import { formatMonthYear } from '../lib/dates';

// One clock for every card: read once, then ticked every minute while anything shows it, so an
// opening or closing shows without a reload. Forgotten when nothing shows it any more.
let current: Date | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
/** Set when the clock starts at the server's instant: catch up with the browser's clock soon. */
let behind = false;

function tick() {
  current = new Date();
  for (const l of listeners) l();
}

/** A server-rendered page starts the clock at the instant it was rendered at (the very object its
 * hydration reads as "now", src/client/main.tsx), so hydrating finds nothing to re-render; the
 * browser's own time follows in a task of its own, not inside hydration's last one (a long task on
 * a phone: docs/benchmarks.md, Lighthouse). */
export function startClockAt(renderedAt: Date): void {
  if (current !== null) return;
  current = renderedAt;
  behind = true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (behind) {
    behind = false;
    setTimeout(tick, 0);
  }
  timer ??= setInterval(tick, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      current = null;
    }
  };
}

const nowSnapshot = () => {
  current ??= new Date();
  return current;
};
/** The instant the server rendered the page at (decision 0900), handed to the browser with the
 * page's data: "now" while the server renders and while the browser hydrates. Null outside a
 * server-rendered page. */
export const RenderedAtContext = createContext<Date | null>(null);

/**
 * The current instant. While the server renders and while the browser hydrates (React uses the
 * server's snapshot then) it is the instant the page was rendered at, so the hours the server sent
 * are the browser's first render too and nothing moves when it hydrates; right after, the
 * browser's own clock (the text may change, not the layout). A later mount knows "now" at once.
 */
export function useNow(): Date | null {
  const renderedAt = useContext(RenderedAtContext);
  return useSyncExternalStore<Date | null>(subscribe, nowSnapshot, () => renderedAt);
}

type HoursFields = Pick<Location, 'openNow' | 'nextChange'>;

/** The status line's text, or null (no structured hours, a stale answer, or "now" not known yet). */
function useHoursStatusText(location: HoursFields): string | null {
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
