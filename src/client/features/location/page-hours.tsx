// A place's hours on its page (decision 0800): the status line, this week's hours and the next
// change, when its details were last checked, and "Is this still correct?" (still-correct.tsx).
// The week is computed in the browser with the opening_hours library, loaded on demand (never on
// Discover's first screen: docs/architecture.md, Performance budgets), and only after hydration, so
// the server's page and the browser's first render are the same (decision 0900). Everything
// "now"-dependent waits for useNow().
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HoursMoment, hoursMoment, statusFromEvaluation } from '../../../shared/hours-status';
import type { WeekTableDay } from '../../../shared/opening-hours';
import type { Location } from '../../../shared/schemas/location';
import { hoursStatusText } from '../../components/opening-hours-editor/status-text';
import { WeekHours } from '../../components/opening-hours-editor/week-hours';
import { CheckedLine, useNow } from '../../components/hours-line';
import { StillCorrect } from './still-correct';

type HoursModule = typeof import('../../../shared/opening-hours');
let hoursModule: Promise<HoursModule> | undefined;
const loadHoursModule = () => {
  hoursModule ??= import('../../../shared/opening-hours');
  return hoursModule;
};

/** This week's rows for the text, once the library has loaded in the browser; null until then. */
function useWeekTable(text: string | null, now: Date | null): WeekTableDay[] | null {
  const [days, setDays] = useState<WeekTableDay[] | null>(null);
  // Recomputed when the Kansas City day changes, not at every tick of the clock.
  const day = now ? hoursMoment(now, 'en') : null;
  const dayKey = day ? `${day.year}-${day.month}-${day.day}` : null;
  useEffect(() => {
    if (!text || !dayKey) return;
    let live = true;
    loadHoursModule().then(
      (m) => {
        if (live) setDays(m.weekTable(text, new Date()));
      },
      () => {
        /* the library failed to load: the status line still shows */
      },
    );
    return () => {
      live = false;
    };
  }, [text, dayKey]);
  return text ? days : null;
}

function NextChange({ open, at }: { open: boolean; at: HoursMoment }) {
  const { t } = useTranslation('location');
  const { t: th } = useTranslation('hours');
  return (
    <p className="text-sm text-gray-800" data-testid="hours-next-change">
      {t(open ? 'hoursPanel.nextCloses' : 'hoursPanel.nextOpens', {
        weekday: at.weekdayName,
        day: at.day,
        month: th(`months.${at.month}`),
        time: at.time,
      })}
    </p>
  );
}

export function PageHours({ location }: { location: Location }) {
  const { t, i18n } = useTranslation('location');
  const { t: th } = useTranslation('hours');
  const now = useNow();
  const locale = i18n.language?.startsWith('es') ? 'es' : 'en';
  const status = now
    ? statusFromEvaluation({ openNow: location.openNow, nextChange: location.nextChange }, now, locale)
    : null;
  const days = useWeekTable(location.openingHours, now);
  const next =
    status?.kind === 'open'
      ? status.closesAt
      : status?.kind === 'opens' || status?.kind === 'outOfSeason'
        ? status.at
        : null;

  if (!location.openingHours) {
    return (
      <div className="space-y-3">
        <CheckedLine lastVerifiedAt={location.lastVerifiedAt} className="text-sm text-gray-700" />
        <StillCorrect locationId={location.id} />
      </div>
    );
  }
  return (
    <section aria-labelledby="location-hours-heading" className="space-y-2" data-testid="location-hours">
      <h2 id="location-hours-heading" className="text-sm font-semibold uppercase tracking-wide text-gray-700">
        {t('hoursPanel.title')}
      </h2>
      {days && days.length > 0 ? (
        <WeekHours days={days} status={status} />
      ) : (
        status && <p className="text-sm font-medium text-gray-900">{hoursStatusText(status, th)}</p>
      )}
      {next && <NextChange open={status?.kind === 'open'} at={next} />}
      <CheckedLine lastVerifiedAt={location.lastVerifiedAt} className="text-sm text-gray-700" />
      <StillCorrect locationId={location.id} />
    </section>
  );
}
