// The words for a place's hours status (decision 0800): 'Open now · closes 12:00', 'Opens Sat 7:00',
// 'Out of season until April', 'Closed', from the `hours` catalog. No library: the card can use it.
import type { TFunction } from 'i18next';
import type { HoursStatus } from '../../../shared/hours-status';
import { DAY_CODES } from './day-codes';

/** One line for a card. `t` is useTranslation('hours').t. */
export function hoursStatusText(status: HoursStatus, t: TFunction<'hours'> | TFunction): string {
  switch (status.kind) {
    case 'open':
      return status.closesAt ? t('status.openCloses', { time: status.closesAt.time }) : t('status.openAlways');
    case 'opens':
      return t('status.opens', { day: status.at.weekdayName, time: status.at.time });
    case 'outOfSeason':
      return t('status.outOfSeason', { month: t(`months.${status.until.month}`) });
    case 'closed':
      return t('status.closed');
  }
}

/** The catalog key of a weekday's full name; weekday 0 = Sunday … 6 = Saturday (Date.getDay). */
export function weekdayKey(weekday: number): string {
  return `days.${DAY_CODES[(weekday + 6) % 7]}`;
}
