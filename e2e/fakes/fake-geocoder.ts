// A Nominatim-compatible server for tests (GET /search?q=...&format=json&limit=1): known addresses
// answer fixed Kansas City points, and words in the query ('nowhere', 'slowpoke', 'ratelimited' …)
// steer failure modes. It records every query (`requests`) and the last User-Agent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const KNOWN_POINTS: Record<string, { lat: number; lon: number }> = {
  'union station': { lat: 39.0849, lon: -94.5858 },
  'country club plaza': { lat: 39.0423, lon: -94.5927 },
  'loose park': { lat: 39.0277, lon: -94.5958 },
  'river market': { lat: 39.1097, lon: -94.5831 },
  '64106': { lat: 39.1052, lon: -94.5773 },
};

export type FakeGeocoder = http.Server & {
  /** Every q= the fake received, in order. */
  requests: string[];
  lastUserAgent: string | undefined;
  /** http://127.0.0.1:<port> */
  url: string;
};

export function startFakeGeocoder(port: number): Promise<FakeGeocoder> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    fake.requests.push(q);
    fake.lastUserAgent = req.headers['user-agent'];
    if (q.includes('slowpoke')) return; // never answers: the client must time out
    if (q.includes('ratelimited')) return void res.writeHead(429, { 'retry-after': '1' }).end('slow down');
    if (q.includes('servererror')) return void res.writeHead(503).end('down');
    if (q.includes('redirectme')) return void res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
    if (q.includes('garbage'))
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    if (q.includes('notalist')) {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"lat":"1","lon":"2"}');
    }
    const hit = Object.entries(KNOWN_POINTS).find(([k]) => q.includes(k));
    const body = hit ? [{ lat: String(hit[1].lat), lon: String(hit[1].lon), display_name: hit[0] }] : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  const fake = Object.assign(server, {
    requests: [] as string[],
    lastUserAgent: undefined as string | undefined,
    url: '',
  });
  // Hanging 'slowpoke' requests must not keep close() waiting.
  const close = server.close.bind(server);
  fake.close = ((cb?: (err?: Error) => void) => {
    server.closeAllConnections();
    close(cb);
    return fake;
  }) as typeof fake.close;
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(fake);
    }),
  );
}
