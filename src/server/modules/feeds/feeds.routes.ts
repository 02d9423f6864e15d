// The feeds that follow a place or a search (decisions 1000-1002), beside the pages they come from:
//   GET /discover/{slug}/calendar.ics   GET /calendar.ics?{Discover query}
//   GET /discover/{slug}/changes.atom   GET /changes.atom?{Discover query}
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  type DiscoverFilters,
  discoverQuerySchema,
  FEED_LANGUAGES,
  type FeedLanguage,
} from '../../../shared/discover-query.js';
import { feedQueryString } from '../../../shared/discover-params.js';
import type { ApiModule, AppContext, ZodApp } from '../../context.js';
import { notFound } from '../../http-error.js';
import { now as clockNow } from '../../lib/clock.js';
import { publicOrigin } from '../../pages/page-head.js';
import { LOCATION_NOT_FOUND } from '../locations/locations.reads.js';
import { hsdsChildId } from '../hsds/hsds-ids.js';
import { atomDocument } from './atom.js';
import { calendarDocument, heldEvents, placeUrl } from './calendar.js';
import { calendarWindow } from './calendar-events.js';
import { readChanges } from './changes.js';
import { createFeedSender, type FeedSender, KEEP_TIMED_MS } from './feed-answer.js';
import { publicPlaceBySlug, searchCalendarPlaces, searchFiltersOf } from './feed-places.js';
import { categoryName, describeSearch, WORDS } from './feed-words.js';

/** A search's calendar holds the first this many places of the search (Discover's order). */
const CALENDAR_SEARCH_PLACES = 50;

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

const slugParams = z.object({ slug: z.string().trim().min(1, 'slug is required').max(200, 'slug is too long') });
const langQuery = z.object({ lang: z.enum(FEED_LANGUAGES, { error: 'lang must be en or es' }).optional() });

const timed = (f: DiscoverFilters) => f.openNow || f.inSeason || f.days.length > 0;
const canonical = (f: DiscoverFilters, lang: FeedLanguage) => feedQueryString(f, lang);

const docs = (summary: string, description: string) => ({ tags: ['Feeds'], summary, description });

/** What every feed route shares: the answer sender and the read allowance. */
interface FeedRouteKit {
  send: FeedSender;
  limit: preHandlerAsyncHookHandler;
}

export const feedsRoutes: ApiModule = (app, ctx) => {
  const kit: FeedRouteKit = {
    send: createFeedSender(ctx),
    // The same allowance as a place's page and a search (locations.routes.ts): far above a person's
    // calendar, which polls hourly.
    limit: ctx.readLimit({ bucket: 'feeds', max: 600, windowMs: 60_000 }),
  };
  registerCalendarRoutes(app, ctx, kit);
  registerChangesRoutes(app, ctx, kit);
};

/** A place's and a search's calendar (iCalendar). */
function registerCalendarRoutes(app: ZodApp, ctx: AppContext, { send, limit }: FeedRouteKit): void {
  app.get(
    '/discover/:slug/calendar.ics',
    {
      schema: {
        ...docs(
          "A place's calendar (iCalendar)",
          'Opening times of the coming 8 weeks in Kansas City time (weekly series with their exceptions, public holidays as the hours say) and, for a resource, its deadline as an all-day event with a reminder. ETag and Last-Modified; 304 to a conditional request when nothing changed.',
        ),
        params: slugParams,
        querystring: langQuery,
      },
      preHandler: limit,
    },
    async (request, reply) => {
      const lang = request.query.lang ?? 'en';
      const origin = publicOrigin(ctx, request);
      const now = clockNow();
      const window = calendarWindow(now);
      const place = await publicPlaceBySlug(ctx.db, request.params.slug);
      if (!place) throw notFound(LOCATION_NOT_FOUND);
      return send(request, reply, {
        key: JSON.stringify(['place-ics', origin, place.id, lang, window.day]),
        type: CALENDAR_TYPE,
        headers: { 'content-disposition': `inline; filename="${place.slug}.ics"` },
        build: async () =>
          calendarDocument({
            name: WORDS[lang].calendarOf(place.name),
            description: `${categoryName(lang, place.category)}: ${placeUrl(origin, place.slug)}`,
            origin,
            url: `${origin}${request.url}`,
            lang,
            places: [place],
            window,
            allDeadlines: true,
          }),
      });
    },
  );

  app.get(
    '/calendar.ics',
    {
      schema: {
        ...docs(
          "A search's calendar (iCalendar)",
          `The Discover URL's query (q, category, tags, address, radius, open, season; page and view are ignored; lang=es for Spanish words): the opening times and deadlines of the first ${CALENDAR_SEARCH_PLACES} matching places in the coming 8 weeks. An address that cannot be found answers 400.`,
        ),
        querystring: discoverQuerySchema,
      },
      preHandler: limit,
    },
    async (request, reply) => {
      const { filters, lang } = request.query;
      const origin = publicOrigin(ctx, request);
      const window = calendarWindow(clockNow());
      const search = await searchFiltersOf(ctx, filters);
      return send(request, reply, {
        key: JSON.stringify(['search-ics', origin, canonical(filters, lang), window.day]),
        type: CALENDAR_TYPE,
        keepMs: timed(filters) ? KEEP_TIMED_MS : undefined,
        headers: { 'content-disposition': 'inline; filename="kc-green-directory.ics"' },
        build: async () => {
          const context = { origin, lang, window, allDeadlines: false };
          const held = heldEvents(context);
          const { places } = await searchCalendarPlaces(ctx, search, CALENDAR_SEARCH_PLACES, held);
          const what = describeSearch(lang, filters);
          return calendarDocument({
            ...context,
            name: WORDS[lang].calendarOf(what),
            description: `${what}: ${origin}/discover${feedQueryString(filters)}`,
            url: `${origin}${request.url}`,
            places,
          });
        },
      });
    },
  );
}

/** A place's and a search's changes (Atom). */
function registerChangesRoutes(app: ZodApp, ctx: AppContext, { send, limit }: FeedRouteKit): void {
  app.get(
    '/discover/:slug/changes.atom',
    {
      schema: {
        ...docs(
          "A place's changes (Atom)",
          'Its addition, edits, restorations and confirmations by an administrator, newest first, each saying what changed.',
        ),
        params: slugParams,
        querystring: langQuery,
      },
      preHandler: limit,
    },
    async (request, reply) => {
      const lang = request.query.lang ?? 'en';
      const origin = publicOrigin(ctx, request);
      const place = await publicPlaceBySlug(ctx.db, request.params.slug);
      if (!place) throw notFound(LOCATION_NOT_FOUND);
      return send(request, reply, {
        key: JSON.stringify(['place-atom', origin, place.id, lang]),
        type: ATOM_TYPE,
        build: async () =>
          atomDocument({
            id: `urn:uuid:${hsdsChildId('feed', 'place', place.id, lang)}`,
            title: WORDS[lang].changesOf(place.name),
            origin,
            self: `${origin}${request.url}`,
            page: placeUrl(origin, place.slug),
            lang,
            changes: await readChanges(ctx.db, { placeId: place.id }, clockNow()),
          }),
      });
    },
  );

  app.get(
    '/changes.atom',
    {
      schema: {
        ...docs(
          "A search's changes (Atom)",
          "The Discover URL's query, as for /calendar.ics: places added, changed, confirmed or removed in that search, newest first (50 at most), each linking to the place and saying what changed; a removal says only the category.",
        ),
        querystring: discoverQuerySchema,
      },
      preHandler: limit,
    },
    async (request, reply) => {
      const { filters, lang } = request.query;
      const origin = publicOrigin(ctx, request);
      const search = await searchFiltersOf(ctx, filters);
      const query = canonical(filters, lang);
      return send(request, reply, {
        key: JSON.stringify(['search-atom', origin, query]),
        type: ATOM_TYPE,
        keepMs: timed(filters) ? KEEP_TIMED_MS : undefined,
        build: async () =>
          atomDocument({
            id: `urn:uuid:${hsdsChildId('feed', 'search', query)}`,
            title: WORDS[lang].changesOf(describeSearch(lang, filters)),
            origin,
            self: `${origin}${request.url}`,
            page: `${origin}/discover${feedQueryString(filters)}`,
            lang,
            changes: await readChanges(ctx.db, { filters: search }, clockNow()),
          }),
      });
    },
  );
}
