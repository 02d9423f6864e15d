// A place's hours on its page (decision 0800): status, this week's hours, the next change, when
// last checked, their source (decision 0804) and "Is this still correct?". The week is computed by
// the server for its page and handed over in the query cache (decision 0900), else in the browser.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type HoursMoment, hoursMoment, statusFromEvaluation } from '../../../shared/hours-status';
import type { WeekTableDay } from '../../../shared/opening-hours';
import type { Location } from '../../../shared/schemas/location';
import { hoursStatusText } from '../../components/opening-hours-editor/status-text';
import { WeekHours } from '../../components/opening-hours-editor/week-hours';
import { useNow } from '../../components/hours-line';
import { FreshnessLines } from '../../components/provenance-lines';
import { StillCorrect } from './still-correct';

type HoursModule = typeof import('../../../shared/opening-hours');
let hoursModule: Promise<HoursModule> | undefined;
const loadHoursModule = () => {
  hoursModule ??= import('../../../shared/opening-hours');
  return hoursModule;
};

/** The query of this week's rows for a text on the Kansas City day of `now`: recomputed when the
 * day changes, not at every tick of the clock. */
function weekTableQuery(text: string, now: Date) {
  const day = hoursMoment(now, 'en');
  return {
    queryKey: ['opening-hours/week', text, `${day.year}-${day.month}-${day.day}`] as const,
    queryFn: async (): Promise<WeekTableDay[]> => (await loadHoursModule()).weekTable(text, now),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/** The server's part (features/location/prefetch.ts): the rows of the page it renders, in its cache. */
export async function prefetchWeekTable(client: QueryClient, text: string | null, now: Date): Promise<void> {
  if (text) await client.prefetchQuery(weekTableQuery(text, now));
}

/** This week's rows for the text; null until known (or when the library failed to load: the
 * status line still shows). */
function useWeekTable(text: string | null, now: Date | null): WeekTableDay[] | null {
  const query = useQuery({
    ...weekTableQuery(text ?? '', now ?? new Date(0)),
    enabled: !!text && !!now,
  });
  return text && now ? (query.data ?? null) : null;
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
        <FreshnessLines location={location} detailed />
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
      <FreshnessLines location={location} detailed />
      <StillCorrect locationId={location.id} />
    </section>
  );
}
