// A small LibreTranslate-compatible server for tests: POST /translate {q, source, target, format}
// answers {translatedText}. It "translates" by prefixing '[es] '; texts containing 'untranslatable'
// fail with 500 so the client's fallback to the original text can be seen.
import http from 'node:http';

export function startFakeTranslator(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/translate')) {
      res.writeHead(404).end();
      return;
    }
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      try {
        const body = JSON.parse(raw) as { q: string; target: string };
        if (body.q.includes('untranslatable')) {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}` }));
      } catch {
        res.writeHead(400).end('{"error":"bad json"}');
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
