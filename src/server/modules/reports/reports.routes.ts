// POST /api/flag-reports {locationId, flagType, description, screenshot} -> 201 {id, status}.
import type { FastifyError } from 'fastify';
import {
  flagReportCreatedSchema,
  flagReportSchema,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TOO_LARGE_MESSAGE,
  screenshotByteLength,
} from '../../../shared/schemas/flag-report.js';
import type { ApiModule } from '../../context.js';
import { badRequest, HttpError } from '../../http-error.js';
import { createFlagReport, visibleLocationExists } from './reports.repository.js';

/** Room for a screenshot of SCREENSHOT_MAX_BYTES in base64 (4/3) plus the other fields. */
export const FLAG_REPORT_BODY_LIMIT = Math.ceil((SCREENSHOT_MAX_BYTES * 4) / 3) + 64 * 1024;

export const reportsRoutes: ApiModule = (app, ctx) => {
  app.post(
    '/flag-reports',
    {
      bodyLimit: FLAG_REPORT_BODY_LIMIT,
      schema: { body: flagReportSchema, response: { 201: flagReportCreatedSchema } },
      preHandler: [
        ctx.rateLimit({ bucket: 'flag-reports:minute', max: 10, windowMs: 60_000 }),
        ctx.rateLimit({ bucket: 'flag-reports:day', max: 50, windowMs: 24 * 60 * 60_000 }),
      ],
      // A body over the limit is (in practice) an oversized screenshot: say so.
      errorHandler: (error: FastifyError, _request, _reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, SCREENSHOT_TOO_LARGE_MESSAGE);
        throw error;
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.screenshot && screenshotByteLength(body.screenshot) > SCREENSHOT_MAX_BYTES) {
        throw new HttpError(413, SCREENSHOT_TOO_LARGE_MESSAGE);
      }
      if (body.locationId !== null && !(await visibleLocationExists(ctx.db, body.locationId))) {
        throw badRequest('Location not found', { locationId: 'Location not found' });
      }
      const created = await createFlagReport(ctx.db, body);
      return reply.status(201).send({ id: created.id, status: 'pending' as const });
    },
  );
};
