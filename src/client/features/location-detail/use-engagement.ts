// View and click recording of the detail dialog (SPEC.md sections 4 and 7): errors are only logged.
import { apiRequest } from '../../lib/api';
import { getEngagementSessionId } from '../../lib/session';

export function recordEngagement(locationId: number, kind: 'view' | 'click'): void {
  apiRequest('POST', `/api/locations/${locationId}/${kind}`, { sessionId: getEngagementSessionId() }).catch((err) => {
    console.warn(`Recording a ${kind} failed`, err);
  });
}
