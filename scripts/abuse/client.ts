// HTTP from a chosen loopback address (127.0.0.x), so one run plays an attacker and the other people
// it must not harm as different clients of the real server, without a proxy in between.
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
}

export interface CallOptions {
  from?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function makeClient(port: number) {
  return function call(method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path, headers, localAddress: opts.from ?? '127.0.0.1', agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text,
              json: <T>() => JSON.parse(text) as T,
            });
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  };
}

export type Call = ReturnType<typeof makeClient>;
