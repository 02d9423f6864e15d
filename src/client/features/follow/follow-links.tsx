// "Add to calendar", "Follow changes" and, on Discover, "Embed this search" (decision 1000). No
// icons but the chevron: this is in Discover's first load (120 KiB budget). The texts come from the
// page's own catalog, so this part never waits for a catalog of its own.
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useSyncExternalStore } from 'react';
import type { FollowUrls } from './follow-urls';

export interface FollowTexts {
  heading: string;
  addToCalendar: string;
  subscribe: string;
  download: string;
  followChanges: string;
}

const noSubscription = () => () => {};
/** True once in the browser (false on the server and while hydrating, so the markup matches):
 * the links need the page's own origin. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const linkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export function FollowLinks({
  urls,
  texts,
  id,
  children,
}: {
  /** The addresses for an origin (empty on the server: relative links until hydrated). */
  urls: (origin: string) => FollowUrls;
  texts: FollowTexts;
  /** The heading's id (the section is named by it). */
  id: string;
  children?: ReactNode;
}) {
  const inBrowser = useInBrowser();
  const u = urls(inBrowser ? window.location.origin : '');
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {texts.heading}
      </h2>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <details className="group">
          <summary className={`${linkClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
            {texts.addToCalendar}
            <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-180" />
          </summary>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <a className="text-brand-800 underline underline-offset-4" href={inBrowser ? u.subscribe : u.download}>
                {texts.subscribe}
              </a>
            </li>
            <li>
              <a className="text-brand-800 underline underline-offset-4" href={u.download} download>
                {texts.download}
              </a>
            </li>
          </ul>
        </details>
        <a className={linkClass} href={u.changes} type="application/atom+xml">
          {texts.followChanges}
        </a>
        {children}
      </div>
    </section>
  );
}
