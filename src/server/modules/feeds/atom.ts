// The change feed as Atom 1.0 (RFC 4287), written with the `feed` library (decision 1002): one entry
// per change, newest first, each linking to the place (a removal to the search instead) and saying
// in words what changed. Entry ids are URNs of stable UUIDs, so a reader never shows one twice.
import { Feed } from 'feed';
import type { FeedLanguage } from '../../../shared/discover-params.js';
import { hsdsChildId } from '../hsds/hsds-ids.js';
import { placeUrl } from './calendar.js';
import type { Change } from './changes.js';
import type { FeedBody } from './feed-answer.js';
import { categoryName, fieldNames, WORDS } from './feed-words.js';

export interface AtomInput {
  title: string;
  origin: string;
  /** The feed's own address (rel="self"). */
  self: string;
  /** The page the feed is about (the Discover search or the place's page). */
  page: string;
  lang: FeedLanguage;
  changes: Change[];
  /** The feed's id: a URN that stays while the search or place does. */
  id: string;
}

function entryText(lang: FeedLanguage, c: Change): { title: string; text: string } {
  const w = WORDS[lang];
  const name = c.place?.name ?? '';
  const fields = fieldNames(lang, c.fields);
  const hours = c.openingHours ? ` ${w.hoursAre(c.openingHours)}` : '';
  switch (c.kind) {
    case 'added':
      return { title: w.added(name), text: w.addedText(categoryName(lang, c.place!.category)) };
    case 'changed':
      return { title: w.changed(name), text: w.changedText(fields) + hours };
    case 'reverted':
      return { title: w.reverted(name), text: w.revertedText(fields) + hours };
    case 'shown':
      return { title: w.shownAgain(name), text: w.shownAgainText };
    case 'verified':
      return { title: w.verified(name), text: w.verifiedText };
    case 'removed':
      return { title: w.removed(categoryName(lang, c.category ?? '')), text: w.removedText };
  }
}

export function atomDocument(input: AtomInput): FeedBody {
  const updated = input.changes[0]?.at ?? new Date(0);
  const feed = new Feed({
    id: input.id,
    title: input.title,
    link: input.page,
    language: input.lang,
    updated,
    generator: WORDS[input.lang].site,
    feedLinks: { atom: input.self },
    author: { name: WORDS[input.lang].site, link: input.origin },
    copyright: WORDS[input.lang].site,
  });
  for (const c of input.changes) {
    const { title, text } = entryText(input.lang, c);
    feed.addItem({
      id: `urn:uuid:${hsdsChildId('change', c.key)}`,
      title,
      link: c.place ? placeUrl(input.origin, c.place.slug) : input.page,
      date: c.at,
      description: text,
    });
  }
  // The library leaves the language out of Atom; RFC 4287 carries it as xml:lang on the root.
  const body = feed
    .atom1()
    .replace(
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${input.lang}">`,
    );
  return { body, lastModified: updated };
}
