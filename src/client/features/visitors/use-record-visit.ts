import { useEffect } from 'react';
import { apiRequest } from '../../lib/api';
import { getBrowserSessionId, isVisitRecorded, markVisitRecorded } from '../../lib/session';
import { queryClient } from '../../lib/query-client';
import { VISITORS_TOTAL_KEY } from './visitor-count';

/** Records the visit once per browser session (session-storage keys engagement_session_id and
 * visit_recorded); the response is not read. */
export function useRecordVisit(): void {
  useEffect(() => {
    if (isVisitRecorded()) return;
    markVisitRecorded();
    apiRequest('POST', '/api/visitors/record', { sessionId: getBrowserSessionId() })
      .then(() => queryClient.invalidateQueries({ queryKey: VISITORS_TOTAL_KEY }))
      .catch((err: unknown) => console.warn('Could not record the visit', err));
  }, []);
}
