// The attacks of docs/reliability.md ("Abuse"), each against the real server on loopback from its
// own 127.0.0.x address, and the checks that say the directory held. Bounded in count and time.
import fs from 'node:fs';
import path from 'node:path';
import type { Answer, Call } from './client.js';

export interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

interface AbuseContext {
  call: Call;
  dataDir: string;
  /** The administrator's cookie (signed in from its own address). */
  adminCookie(): Promise<string>;
  /** Everything the server has logged so far. */
  serverLog(): string;
  short: boolean;
}

export interface Scenario {
  name: string;
  run(ctx: AbuseContext): Promise<Check[]>;
}

const ADMIN_FROM = '127.0.0.9';
const check = (what: string, ok: boolean, detail: string): Check => ({ what, ok, detail });
const count = (xs: number[], code: number) => xs.filter((x) => x === code).length;
/** '12×202, 118×429': how a burst was answered. */
function codes(xs: number[]): string {
  const seen = new Map<number, number>();
  for (const x of xs) seen.set(x, (seen.get(x) ?? 0) + 1);
  return [...seen].map(([c, n]) => `${n}×${c}`).join(', ');
}

type Place = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  phone: string | null;
  website: string | null;
  tags: { id: number }[];
};
const fingerprint = (p: Place) => JSON.stringify([p.name, p.description, p.phone, p.website, p.tags.map((t) => t.id)]);

async function publicPlaces(call: Call, from: string): Promise<Map<number, Place>> {
  const res = await call('GET', '/api/locations?limit=100', { from });
  return new Map(res.json<Place[]>().map((p) => [p.id, p]));
}

async function admin(ctx: AbuseContext, method: string, url: string, body?: unknown): Promise<Answer> {
  return ctx.call(method, url, { from: ADMIN_FROM, body, headers: { cookie: await ctx.adminCookie() } });
}

/** The network hash the desk shows for the newest anonymous change whose session starts with `prefix`. */
async function networkOf(ctx: AbuseContext, prefix: string): Promise<string> {
  const list = (await admin(ctx, 'GET', '/api/admin/revisions?limit=200')).json<{
    items: { sessionId: string | null; clientHash: string | null }[];
  }>();
  const hit = list.items.find((r) => r.sessionId?.startsWith(prefix) && r.clientHash);
  if (hit) return hit.clientHash!;
  const queue = (await admin(ctx, 'GET', '/api/admin/pending?limit=200')).json<{
    items: { author: { sessionId: string | null; clientHash: string | null } }[];
  }>();
  return queue.items.find((i) => i.author.sessionId?.startsWith(prefix))?.author.clientHash ?? '';
}

const vandalism: Scenario = {
  name: '130 edits with rotating session ids',
  async run(ctx) {
    const { call } = ctx;
    const before = await publicPlaces(call, '127.0.0.2');
    const ids = [...before.keys()];
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) {
      const id = ids[i % ids.length]!;
      const res = await call('PATCH', `/api/locations/${id}`, {
        from: '127.0.0.1',
        headers: { 'x-session-id': `vandal-${i}` },
        body: {
          name: `VANDALISED ${i}`,
          description: '',
          phone: '',
          tagIds: [],
          website: 'https://phish.example/login',
        },
      });
      statuses.push(res.status);
    }
    const during = await publicPlaces(call, '127.0.0.2');
    const defaced = [...before].filter(([id, p]) => !during.get(id) || fingerprint(during.get(id)!) !== fingerprint(p));
    const network = await networkOf(ctx, 'vandal-');
    const undo = await admin(ctx, 'POST', '/api/admin/undo', { selection: { clientHash: network } });
    const after = await publicPlaces(call, '127.0.0.2');
    const notBack = [...before].filter(([id, p]) => !after.get(id) || fingerprint(after.get(id)!) !== fingerprint(p));
    const queue = (await admin(ctx, 'GET', '/api/admin/pending?limit=200')).json<{
      items: { author: { sessionId: string | null } }[];
    }>();
    const stillHeld = queue.items.filter((i) => i.author.sessionId?.startsWith('vandal-')).length;
    return [
      check(
        'places changed publicly by the burst',
        defaced.length <= 5,
        `${defaced.length} of ${before.size} (answers: ${codes(statuses)})`,
      ),
      check(
        'one administrator action restores every place',
        undo.status === 200 && notBack.length === 0,
        `undo ${undo.status}; ${notBack.length} not restored`,
      ),
      check('the burst’s held edits are gone from the queue', stillHeld === 0, `${stillHeld} left`),
    ];
  },
};

const spam: Scenario = {
  name: '125 spam places',
  async run({ call }) {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) {
      const res = await call('POST', '/api/locations', {
        from: '127.0.0.3',
        headers: { 'x-session-id': `spammer-${i}` },
        body: { name: `Cheap pills spam ${i}`, category: 'resource', description: 'Buy now', tagIds: [] },
      });
      statuses.push(res.status);
    }
    const search = (await call('GET', '/api/locations?search=Cheap%20pills', { from: '127.0.0.2' })).json<unknown[]>();
    const sitemap = (await call('GET', '/sitemap.xml', { from: '127.0.0.2' })).text;
    const page = await call('GET', '/discover/cheap-pills-spam-0', { from: '127.0.0.2' });
    return [
      check(
        'spam places published',
        search.length === 0 && !sitemap.includes('cheap-pills'),
        `${search.length} in search; sitemap ${sitemap.includes('cheap-pills') ? 'lists some' : 'lists none'} (answers: ${codes(statuses)})`,
      ),
      check('a spam place’s page is not public', page.status === 404, `status ${page.status}`),
      check(
        'the budget stops the script within a dozen',
        count(statuses, 201) <= 12,
        `${count(statuses, 201)} accepted for review`,
      ),
    ];
  },
};

const lookAlikes: Scenario = {
  name: 'look-alikes of Loose Park',
  async run({ call }) {
    const names = [
      'L\u043e\u043ese Park',
      'Loose\u200b Park',
      'Loose Park\u202e',
      '\uff2c\uff4f\uff4f\uff53\uff45 \uff30\uff41\uff52\uff4b',
    ];
    const held: boolean[] = [];
    const stored: string[] = [];
    for (const [i, name] of names.entries()) {
      const res = await call('POST', '/api/locations', {
        from: '127.0.0.4',
        headers: { 'x-session-id': `lookalike-${i}` },
        body: { name, category: 'park', address: '5200 Wornall Rd, Kansas City, MO', tagIds: [] },
      });
      const body = res.json<{ review?: string; name?: string }>();
      held.push(res.status === 201 && body.review === 'pending');
      stored.push(body.name ?? '');
    }
    const found = (await call('GET', '/api/locations?search=Loose%20Park', { from: '127.0.0.2' })).json<
      { name: string }[]
    >();
    const invisible = stored.filter((n) => /[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(n)).length;
    return [
      check('look-alike names held', held.every(Boolean), `${held.filter(Boolean).length} of ${names.length} held`),
      check('no invisible character stored in a name', invisible === 0, `${invisible} with one`),
      check(
        'the real park is the only one in search',
        found.length >= 1 && found.every((p) => p.name === 'Loose Park'),
        found.map((p) => p.name).join(' | '),
      ),
    ];
  },
};

const tagFlood: Scenario = {
  name: 'tag flood',
  async run({ call }) {
    const before = (await call('GET', '/api/tags', { from: '127.0.0.2' })).text;
    const home = (await call('GET', '/', { from: '127.0.0.2' })).text.length;
    const statuses: number[] = [];
    for (let i = 0; i < 240; i++) {
      const res = await call('POST', '/api/tags', {
        from: '127.0.0.5',
        headers: { 'x-session-id': `tagger-${i}` },
        body: { name: `flood ${i} ${'x'.repeat(90)}`.slice(0, 100), category: 'other' },
      });
      statuses.push(res.status);
    }
    const after = (await call('GET', '/api/tags', { from: '127.0.0.2' })).text;
    const homeAfter = (await call('GET', '/', { from: '127.0.0.2' })).text.length;
    return [
      check(
        'the public tag list is unchanged',
        after === before,
        `${before.length} → ${after.length} bytes (answers: ${codes(statuses)})`,
      ),
      check('the home page does not grow', homeAfter <= home * 1.05, `${home} → ${homeAfter} bytes`),
    ];
  },
};

const pagesForOthers: Scenario = {
  name: 'one visitor spends its reads, another visits',
  async run({ call }) {
    const greedy = '127.0.0.6';
    const place = (await call('GET', '/api/locations/slug/loose-park', { from: '127.0.0.2' })).json<{ id: number }>();
    for (let i = 0; i < 605; i++) await call('GET', `/api/locations?limit=1&search=park${i % 7}`, { from: greedy });
    for (let i = 0; i < 605; i++) await call('GET', `/api/locations/${place.id}`, { from: greedy });
    const greedyPage = await call('GET', '/discover/loose-park', { from: greedy });
    const other = await call('GET', '/discover/loose-park', { from: '127.0.0.7' });
    const otherHome = await call('GET', '/', { from: '127.0.0.7' });
    // Once more a while later, as the attacker would keep doing.
    await call('GET', '/discover/loose-park', { from: greedy });
    const again = await call('GET', '/discover/loose-park', { from: '127.0.0.8' });
    return [
      check(
        'the greedy visitor never gets a 500',
        greedyPage.status < 500 || greedyPage.status === 503,
        `status ${greedyPage.status}`,
      ),
      check(
        'another visitor gets Loose Park',
        other.status === 200 && other.text.includes('Loose Park') && again.status === 200,
        `statuses ${other.status}, ${again.status}`,
      ),
      check(
        'another visitor’s home page lists places',
        otherHome.status === 200 && otherHome.text.includes('data-testid="location-card"'),
        `status ${otherHome.status}`,
      ),
    ];
  },
};

const counts: Scenario = {
  name: 'visitor total and views with rotating session ids',
  async run({ call }) {
    const total = async () =>
      (await call('GET', '/api/visitors/total', { from: '127.0.0.2' })).json<{ totalVisitors: number }>().totalVisitors;
    const place = (await call('GET', '/api/locations/slug/loose-park', { from: '127.0.0.2' })).json<{ id: number }>();
    const views = async () =>
      (await call('GET', `/api/locations/${place.id}`, { from: '127.0.0.2' })).json<{
        engagement: { totalViews: number };
      }>().engagement.totalViews;
    const [t0, v0] = [await total(), await views()];
    for (let i = 0; i < 130; i++) {
      await call('POST', '/api/visitors/record', { from: '127.0.0.10', body: { sessionId: `rot-${i}` } });
      await call('POST', `/api/locations/${place.id}/view`, { from: '127.0.0.10', body: { sessionId: `rot-${i}` } });
    }
    const [t1, v1] = [await total(), await views()];
    return [
      check('the visitor total rises by at most 1', t1 - t0 <= 1, `${t0} → ${t1}`),
      check('the place’s views rise by at most 1', v1 - v0 <= 1, `${v0} → ${v1}`),
    ];
  },
};

function folderBytes(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    n += e.isDirectory() ? folderBytes(p) : fs.statSync(p).size;
  }
  return n;
}

const reports: Scenario = {
  name: 'reports with 2 MB screenshots',
  async run({ call, dataDir }) {
    // A PNG's signature and header (1200 × 900), then 2 MB of noise: what the server checks is there.
    const png = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 24; i < png.length; i++) png[i] = (i * 2654435761) & 255;
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(png);
    png.writeUInt32BE(1200, 16);
    png.writeUInt32BE(900, 20);
    const screenshot = `data:image/png;base64,${png.toString('base64')}`;
    const start = folderBytes(dataDir);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await call('POST', '/api/flag-reports', {
        from: '127.0.0.11',
        headers: { 'x-session-id': `reporter-${i}` },
        body: { locationId: null, flagType: 'other', description: `Report ${i}`, screenshot },
      });
      statuses.push(res.status);
    }
    const grew = (folderBytes(dataDir) - start) / 1024 / 1024;
    return [
      check(
        'at most 10 reports a minute from one address',
        count(statuses, 201) <= 10,
        `${count(statuses, 201)} accepted (answers: ${codes(statuses)})`,
      ),
      check('the data folder grows by a bounded amount', grew < 40, `${grew.toFixed(1)} MB`),
    ];
  },
};

const geocoderFairness: Scenario = {
  name: 'one client’s geocoder burst and sixteen other people',
  async run({ call, short }) {
    const seconds = short ? 8 : 30;
    const stop = Date.now() + seconds * 1000;
    const burst = (async () => {
      for (let i = 0; Date.now() < stop; i++) {
        void call('GET', `/api/geocode?address=${encodeURIComponent(`${i} Union Station`)}`, { from: '127.0.0.12' });
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const others = Array.from({ length: 16 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, ((seconds * 1000) / 16) * i));
      const res = await call('GET', `/api/geocode?address=${encodeURIComponent(`${100 + i} Loose Park`)}`, {
        from: `127.0.0.${30 + i}`,
      });
      const body = res.status === 200 ? res.json<{ lat?: number | null }>() : null;
      return res.status === 200 && typeof body?.lat === 'number';
    });
    const found = await Promise.all(others);
    await burst;
    return [
      check(
        'other people’s addresses are found during the burst',
        found.every(Boolean),
        `${found.filter(Boolean).length} of 16 found`,
      ),
    ];
  },
};

const smallerOnes: Scenario = {
  name: 'cookies, origins and logs',
  async run({ call, serverLog }) {
    const badCookie = await call('GET', '/', { from: '127.0.0.13', headers: { cookie: 'lang=%' } });
    const crossScheme = await call('POST', '/api/visitors/record', {
      from: '127.0.0.13',
      headers: { origin: 'https://127.0.0.1', 'sec-fetch-site': 'same-origin' },
      body: { sessionId: 'x' },
    });
    const typed = '4321 Abuse Test Street';
    await call('GET', `/api/geocode?address=${encodeURIComponent(typed)}`, { from: '127.0.0.14' });
    // The server's own listening address is not a client's.
    const log = serverLog()
      .split('\n')
      .filter((l) => !/listening|PUBLIC_URL/i.test(l))
      .join('\n');
    return [
      check('an undecodable cookie is ignored', badCookie.status === 200, `status ${badCookie.status}`),
      check('an https origin on the http site is refused', crossScheme.status === 403, `status ${crossScheme.status}`),
      check(
        'the log holds no client address',
        !/127\.0\.0\.\d/.test(log),
        /127\.0\.0\.\d/.test(log) ? 'found one' : 'none',
      ),
      check(
        'the log holds no typed address',
        !log.includes('Abuse Test Street') && !log.includes('Abuse%20Test'),
        'checked',
      ),
    ];
  },
};

export const ALL: Scenario[] = [
  vandalism,
  spam,
  lookAlikes,
  tagFlood,
  pagesForOthers,
  counts,
  reports,
  geocoderFairness,
  smallerOnes,
];
