import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VISITOR_REFRESH_MS } from '../../../shared/constants';
import type { VisitorsTotal } from '../../../shared/schemas/visitors';

export const VISITORS_TOTAL_KEY = ['/api/visitors/total'];

/** 'Loading visitor count...' then 'N total visitor(s)', refreshed every 30 s. */
export function VisitorCount() {
  const { t } = useTranslation('common');
  const { data } = useQuery<VisitorsTotal>({
    queryKey: VISITORS_TOTAL_KEY,
    refetchInterval: VISITOR_REFRESH_MS,
  });
  return (
    <p className="inline-flex items-center gap-1.5 px-2 text-sm text-white" data-testid="visitor-count">
      <Users aria-hidden="true" className="h-4 w-4" />
      {data ? t('visitors.total', { count: data.totalVisitors }) : t('visitors.loading')}
    </p>
  );
}
