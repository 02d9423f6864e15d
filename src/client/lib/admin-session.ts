// The administrator's session (decision 0400) as the client knows it: one query under one key, read
// by the admin page (sign-in or review desk) and by the bulk-import control (shown only to a signed-in
// administrator). In lib/ so neither feature reaches into the other.
import { useQuery } from '@tanstack/react-query';
import { getJson } from './api';

export const ADMIN_SESSION_KEY = ['/api/admin/session'] as const;

export interface AdminSession {
  username: string;
}

/** The signed-in administrator, or null (a 401 answers null rather than failing). */
export function useAdminSession() {
  return useQuery({
    queryKey: ADMIN_SESSION_KEY,
    queryFn: () => getJson<AdminSession | null>('/api/admin/session', { on401: 'returnNull' }),
  });
}
