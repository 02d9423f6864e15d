// A small Nominatim-compatible server for tests: GET /search?q=...&format=json&limit=1.
// Known addresses answer fixed Kansas City points; words in the query steer failure modes:
// 'nowhere' -> [], 'slowpoke' -> never answers in time, 'ratelimited' -> 429,
// 'redirectme' -> 302, 'garbage' -> not JSON.
import http from 'node:http';

export const KNOWN_POINTS: Record<string, { lat: number; lon: number }> = {
  'union station': { lat: 39.0849, lon: -94.5858 },
  'country club plaza': { lat: 39.0423, lon: -94.5927 },
  'loose park': { lat: 39.0277, lon: -94.5958 },
  'river market': { lat: 39.1097, lon: -94.5831 },
  '64106': { lat: 39.1052, lon: -94.5773 },
};

export function startFakeGeocoder(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    if (q.includes('slowpoke')) return; // never answers: the client must time out
    if (q.includes('ratelimited')) return void res.writeHead(429, { 'retry-after': '1' }).end('slow down');
    if (q.includes('redirectme')) return void res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
    if (q.includes('garbage')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    const hit = Object.entries(KNOWN_POINTS).find(([k]) => q.includes(k));
    const body = hit ? [{ lat: String(hit[1].lat), lon: String(hit[1].lon), display_name: hit[0] }] : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
