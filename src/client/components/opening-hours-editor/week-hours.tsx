// The week's hours for a place's page (decision 0800): today and the next six days in Kansas City
// time, with the status line ('Open now · closes 12:00'). Data only in: weekTable() rows from
// src/shared/opening-hours.ts (on the server or lazily in the browser) and an optional status.
import { useTranslation } from 'react-i18next';
import type { HoursStatus } from '../../../shared/hours-status';
import type { WeekTableDay } from '../../../shared/opening-hours';
import { hoursStatusText, weekdayKey } from './status-text';

export interface WeekHoursProps {
  days: WeekTableDay[];
  status?: HoursStatus | null;
}

export function WeekHours({ days, status }: WeekHoursProps) {
  const { t } = useTranslation('hours');
  if (days.length === 0) return null;
  return (
    <div className="space-y-2">
      {status && <p className="text-sm font-medium text-gray-900">{hoursStatusText(status, t)}</p>}
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-medium text-gray-900">{t('week.title')}</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} className={day.isToday ? 'font-semibold' : undefined}>
              <th scope="row" className="py-0.5 pr-3 align-top font-normal">
                {t(weekdayKey(day.weekday))}
                {day.isToday && <span className="ml-1 text-xs text-brand-800">({t('week.today')})</span>}
              </th>
              <td className="py-0.5 align-top">
                {day.ranges.length === 0
                  ? t('week.closed')
                  : day.ranges
                      .map(
                        (r) =>
                          `${t('week.range', { from: r.from, to: r.to })}${r.maybe ? ` (${t('week.maybe')})` : ''}`,
                      )
                      .join(', ')}
                {day.publicHoliday && <span className="ml-1 text-xs text-gray-700">· {t('week.holiday')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
