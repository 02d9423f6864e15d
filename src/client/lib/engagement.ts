// View and click recording (docs/product.md sections 4 and 7), shared by the location page and the
// detail dialog: the location-engagement session id is sent, and failures are only logged.
import { apiRequest } from './api';
import { getEngagementSessionId } from './session';

export async function recordEngagement(locationId: number, kind: 'view' | 'click'): Promise<void> {
  try {
    await apiRequest('POST', `/api/locations/${locationId}/${kind}`, { sessionId: getEngagementSessionId() });
  } catch (err) {
    console.warn(`Could not record the ${kind}`, err);
  }
}
