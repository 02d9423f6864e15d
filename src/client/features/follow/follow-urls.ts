// The addresses that follow a search or a place outside the site (decision 1000): its calendar as a
// webcal: subscription and as a file, its change feed, and the widget with the snippet that embeds
// it. The search's query is the Discover URL's own (src/shared/discover-params.ts).
import { type FeedFilters, type FeedLanguage, feedQueryString } from '../../../shared/discover-params';

export interface FollowUrls {
  /** The calendar to subscribe to (webcal: on this site's host). */
  subscribe: string;
  /** The same calendar to download. */
  download: string;
  changes: string;
}

/** 'https://green.example.org/calendar.ics' -> 'webcal://green.example.org/calendar.ics'. */
function webcalUrl(httpUrl: string): string {
  return httpUrl.replace(/^https?:\/\//i, 'webcal://');
}

export function searchFollowUrls(origin: string, filters: FeedFilters, lang: FeedLanguage): FollowUrls {
  const q = feedQueryString(filters, lang);
  return {
    subscribe: webcalUrl(`${origin}/calendar.ics${q}`),
    download: `${origin}/calendar.ics${q}`,
    changes: `${origin}/changes.atom${q}`,
  };
}

export function placeFollowUrls(origin: string, slug: string, lang: FeedLanguage): FollowUrls {
  const base = `${origin}/discover/${encodeURIComponent(slug)}`;
  const q = lang === 'en' ? '' : `?lang=${lang}`;
  return {
    subscribe: webcalUrl(`${base}/calendar.ics${q}`),
    download: `${base}/calendar.ics${q}`,
    changes: `${base}/changes.atom${q}`,
  };
}

export function embedUrl(origin: string, filters: FeedFilters, lang: FeedLanguage): string {
  return `${origin}/embed${feedQueryString(filters, lang)}`;
}

/** The HTML a partner pastes: the widget in a frame of its own, lazy-loaded, titled for screen
 * readers. Attribute values are escaped (the title is the partner's to change). */
export function embedSnippet(url: string, title: string): string {
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="480" style="border:0" loading="lazy"></iframe>`;
}
