import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { IndexTurns } from './turns.js';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
};

describe('index turns', () => {
  it('serves a request that came in while searches queue before the searches are all done', async () => {
    const order: string[] = [];
    const server = http.createServer((_req, res) => {
      order.push('request');
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const answered = new Promise((resolve) =>
        http.get(`http://127.0.0.1:${port}/`, (res) => res.resume().on('end', resolve)),
      );
      // Ten searches of 5 ms each, all asked at once (32 replies arriving together): back to back
      // they would hold the thread for 50 ms and the request would come last.
      const turns = new IndexTurns();
      const searches = Array.from({ length: 10 }, (_, i) =>
        turns.next().then(() => {
          busy(5);
          order.push(`search ${i}`);
        }),
      );
      await Promise.all([answered, ...searches]);
      expect(order).toHaveLength(11);
      expect(order.indexOf('request')).toBeLessThan(10);
      // Each search in its turn, in the order asked.
      expect(order.filter((e) => e !== 'request')).toEqual(Array.from({ length: 10 }, (_, i) => `search ${i}`));
    } finally {
      server.close();
    }
  });

  it('runs quick searches asked together in one turn, in the order asked', async () => {
    const order: string[] = [];
    const turns = new IndexTurns();
    const searches = Array.from({ length: 10 }, (_, i) => turns.next().then(() => order.push(`search ${i}`)));
    // Queued after the turn the first search scheduled: one search per turn would leave nine after it.
    const next = new Promise<void>((resolve) => setImmediate(() => resolve(void order.push('next turn'))));
    await Promise.all([next, ...searches]);
    expect(order).toEqual([...Array.from({ length: 10 }, (_, i) => `search ${i}`), 'next turn']);
  });
});
