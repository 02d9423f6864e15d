// One error handler for the whole app: 4xx answer {message, errors?: {field: message}},
// 5xx answer {message: 'Internal Server Error'} and log the cause (docs/architecture.md, Conventions).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BUSY_RETRY_AFTER_S, DatabaseBusyError } from '../db/limits.js';
import { HttpError } from '../http-error.js';

/** Fastify's own codes, turned into messages a person can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        if (!(field in errors)) errors[field] = issue.message ?? 'Invalid value';
      }
      const first = error.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request', errors });
    }
    // PostgreSQL refuses NUL characters (and invalid encodings) in text: the input is at fault.
    if (pgErrorCode(error) === '22021' || pgErrorCode(error) === '22P05') {
      return reply.status(400).send({ message: 'Text must not contain NUL characters' });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy: request refused');
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ message: 'The directory is busy right now: try again in a moment' });
    }
    const fe = error as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // JSON.parse's SyntaxError arrives with status 400 but no code on some paths.
      const message =
        (fe.code && FASTIFY_MESSAGES[fe.code]) ||
        (error instanceof SyntaxError ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : fe.message);
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).header('cache-control', 'no-store').send({ message: 'Internal Server Error' });
  });
}

/** The SQLSTATE of a database error, also when wrapped (Drizzle puts the driver's error in cause). */
function pgErrorCode(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Too much waiting on the database (decision 0503): the embedded database's queue is full, a
 * PostgreSQL statement ran past its time limit (57014), or no pooled connection came in time. */
export function isDatabaseBusy(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (e instanceof DatabaseBusyError) return true;
    if ((e as { code?: unknown }).code === '57014') return true;
    if (/timeout exceeded when trying to connect/i.test((e as { message?: string }).message ?? '')) return true;
  }
  return false;
}
