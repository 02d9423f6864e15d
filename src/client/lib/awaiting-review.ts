// Whether this browser added something that waits for review (decision 0403). Only then do its reads
// name the contributor (X-Session-Id), so the server can show them their own waiting places and tags
// while everyone else's reads stay anonymous and cacheable.
const KEY = 'kc_awaiting_review';

export function noteAwaitingReview(): void {
  try {
    localStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage unavailable: the author sees their place once it is approved.
  }
}

export function hasAwaitingReview(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}
