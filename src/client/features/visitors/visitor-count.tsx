import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VISITOR_REFRESH_MS } from '../../../shared/constants';
import type { VisitorsTotal } from '../../../shared/schemas/visitors';

export const VISITORS_TOTAL_KEY = ['/api/visitors/total'];

/** 'Loading visitor count...' then 'N total visitor(s)', refreshed every 30 s. Not a live region:
 * a number changing every 30 s would interrupt screen-reader users for little value. */
export function VisitorCount() {
  const { t } = useTranslation('common');
  const { data } = useQuery<VisitorsTotal>({
    queryKey: VISITORS_TOTAL_KEY,
    refetchInterval: VISITOR_REFRESH_MS,
  });
  return (
    // On wide screens the count sits left of the language switch: a slot as wide as the longest
    // loading text (Spanish), so the count arriving moves nothing.
    <p
      className="inline-flex min-h-8 items-center gap-1.5 text-sm text-white/95 md:min-w-[18rem]"
      data-testid="visitor-count"
    >
      <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>{data ? t('visitors.total', { count: data.totalVisitors }) : t('visitors.loading')}</span>
    </p>
  );
}
