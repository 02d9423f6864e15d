// Screen-reader announcements through one polite and one assertive live region (mounted by
// <Announcer/> in the layout). The text is set after 100 ms (so a region that just appeared is
// read) and cleared 3000 ms later (docs/product.md section 9).
import { ANNOUNCEMENT_CLEAR_MS, ANNOUNCEMENT_DELAY_MS } from '../../shared/constants';

export type Politeness = 'polite' | 'assertive';

const timers: Partial<Record<Politeness, ReturnType<typeof setTimeout>[]>> = {};

export function announce(message: string, politeness: Politeness = 'polite'): void {
  const region = document.getElementById(`announcer-${politeness}`);
  if (!region) return;
  for (const t of timers[politeness] ?? []) clearTimeout(t);
  region.textContent = '';
  timers[politeness] = [
    setTimeout(() => {
      region.textContent = message;
    }, ANNOUNCEMENT_DELAY_MS),
    setTimeout(() => {
      region.textContent = '';
    }, ANNOUNCEMENT_DELAY_MS + ANNOUNCEMENT_CLEAR_MS),
  ];
}
