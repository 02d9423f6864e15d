import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from '../../lib/live';

/** True while the media query matches; follows changes (rotation, resizing). A server-rendered page
 * hydrates with the server's answer (false: it cannot see the screen), so the markup matches, and
 * then takes the screen's as a transition: rendered in slices, where a store's change right after
 * hydrating re-rendered the whole page in one long task on a phone. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window !== 'undefined' && !isHydrating() && window.matchMedia(query).matches,
  );
  useEffect(() => {
    const mql = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(mql.matches));
    update();
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, [query]);
  return matches;
}
