// What reaches the log (decisions 0705 and 0710): never an address a visitor typed nor an IP. A
// request is logged by method, path with query values as lengths, and client hash; every message is
// scrubbed on its way into the logger, so an error quoting typed text cannot leak it.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactUrl, scrubText } from '../lib/scrub-log-text.js';

/** Fastify's `req` log serializer without the client's address (Fastify's own logs remoteAddress and
 * remotePort) or its query's values: the client appears as the salted hash the rate limits use. */
function requestLogSerializer(clientHash: (request: FastifyRequest) => string) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: typeof request.host === 'string' ? scrubText(request.host) : undefined,
    client: typeof request.ip === 'string' ? clientHash(request) : undefined,
  });
}

/** The fields of an error that say what went wrong without carrying anyone's data (a database
 * error's `detail`, `where` and a query's `params` hold the values themselves, so they stay out). */
const ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column'] as const;

/** An error for the log: its type, safe fields, message and stack scrubbed, its causes likewise. */
export function errorLogSerializer(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) {
    if (err && typeof err === 'object') return { type: 'object' };
    return typeof err === 'string' ? scrubText(err) : err;
  }
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name };
  const message = typeof err.message === 'string' ? err.message : '';
  out.message = scrubText(message);
  if (typeof err.stack === 'string') {
    // The stack starts with "<name>: <message>", which may hold the values: keep only its frames.
    const frames = err.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .map(scrubText);
    out.stack = [`${err.name}: ${out.message as string}`, ...frames].join('\n');
  }
  for (const field of ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 3) out.cause = errorLogSerializer(cause, depth + 1);
  return out;
}

const SERVER_LISTENING = /^Server listening at /;

/** The logger options the app uses: the serializers above, and every message string scrubbed. */
export function safeLoggerOptions(
  logger: Exclude<FastifyServerOptions['logger'], false | undefined>,
  clientHash: (request: FastifyRequest) => string,
): FastifyServerOptions['logger'] {
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: requestLogSerializer(clientHash),
      // Fastify's types want pino's shape of an error; the log reader sees the same keys.
      err: (e: unknown) => errorLogSerializer(e) as { type: string; message: string; stack: string },
      error: (e: unknown) => errorLogSerializer(e),
    },
    hooks: {
      logMethod(args, method) {
        // Fastify's own line about the server's own sockets is the one place an address belongs.
        const scrubbed = args.map((a) => (typeof a === 'string' && !SERVER_LISTENING.test(a) ? scrubText(a) : a));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}
