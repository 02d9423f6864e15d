import type { Location } from '../../../shared/schemas/location';
import { withHttps } from '../../lib/sanitize';

/** Where the card's APPLY button goes (decision 0200): a resource's registration link, else the
 * place's website (both in a new tab), else the place's own page. */
export function applyTarget(location: Pick<Location, 'category' | 'registrationLink' | 'website' | 'slug'>): {
  href: string;
  external: boolean;
} {
  if (location.category === 'resource' && location.registrationLink?.trim()) {
    return { href: withHttps(location.registrationLink), external: true };
  }
  if (location.website?.trim()) return { href: withHttps(location.website), external: true };
  return { href: `/discover/${encodeURIComponent(location.slug)}`, external: false };
}
