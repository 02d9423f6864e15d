// The client's one way to call the API (docs/product.md section 7): credentials, JSON bodies, and a
// non-OK answer as an Error '{status}: {response text}'. Writes carry the anonymous session id in
// X-Session-Id, so an anonymous person's edits can be grouped (and reverted together).
import { hasAwaitingReview } from './awaiting-review';
import { fetchOrOffline, noteResponse, OfflineError } from './offline';
import { getEngagementSessionId } from './session';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's own message from a JSON error body ({message}), if there is one. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  // Whether it came from the network or the service worker's saved copies (decision 0910).
  noteResponse(res);
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text, `${res.status}: ${text}`);
}

/** A request with an optional JSON body; resolves with the Response once it is OK. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  // A write that cannot reach the server throws OfflineError: nothing is queued or lost, the form
  // keeps what was typed and says it needs a connection (decision 0910).
  const res = await fetchOrOffline(url, {
    method,
    headers: {
      ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}),
      'X-Session-Id': getEngagementSessionId(),
      ...headers,
    },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Headers of a read: a contributor with something waiting for review names their session, to see
 * it (decision 0403); everyone else's reads name nobody. */
export function readHeaders(): Record<string, string> {
  return hasAwaitingReview() ? { 'X-Session-Id': getEngagementSessionId() } : {};
}

/** GET and parse JSON. With on401 'returnNull', a 401 answers null instead of failing. */
export async function getJson<T>(url: string, opts: { on401?: 'throw' | 'returnNull' } = {}): Promise<T> {
  const res = await fetchOrOffline(url, { credentials: 'include', headers: readHeaders() });
  if (opts.on401 === 'returnNull' && res.status === 401) return null as T;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** The message to show for a failed call: the server's own message, that it needs a connection,
 * else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof OfflineError) return err.message;
  return fallback;
}

/** The server's field messages ({errors: {field: message}}) of a failed write, if any. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  try {
    return (JSON.parse(err.body) as { errors?: Record<string, string> }).errors ?? {};
  } catch {
    return {}; // not JSON
  }
}
