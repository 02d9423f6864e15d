// POST /api/flag-reports {locationId, flagType, description, screenshot} -> 201 {id, status,
// screenshotKept}. Limited per network group as well as per person, and past
// SCREENSHOT_BYTES_PER_DAY a day a group's report is kept without its screenshot (decision 0712).
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
import { createScreenshotBudget, SCREENSHOT_BYTES_PER_DAY } from './screenshot-budget.js';

/** Room for a screenshot of SCREENSHOT_MAX_BYTES in base64 (4/3) plus the other fields. */
const FLAG_REPORT_BODY_LIMIT = Math.ceil((SCREENSHOT_MAX_BYTES * 4) / 3) + 64 * 1024;

const DAY_MS = 24 * 60 * 60_000;

export const reportsRoutes: ApiModule = (app, ctx) => {
  const screenshots = createScreenshotBudget(ctx.db, SCREENSHOT_BYTES_PER_DAY * ctx.env.RATE_LIMIT_SCALE);
  app.post(
    '/flag-reports',
    {
      bodyLimit: FLAG_REPORT_BODY_LIMIT,
      schema: { body: flagReportSchema, response: { 201: flagReportCreatedSchema } },
      preHandler: [
        // The documented allowance holds per network group too: new session ids add nothing to it.
        ctx.rateLimit({ bucket: 'flag-reports:minute', max: 10, addressMax: 10, windowMs: 60_000 }),
        ctx.rateLimit({ bucket: 'flag-reports:day', max: 50, addressMax: 50, windowMs: DAY_MS }),
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
      // Past the group's screenshot budget the report still counts; only its picture is left out.
      const reserved = body.screenshot
        ? await screenshots.reserve(ctx.clientHash(request), screenshotByteLength(body.screenshot))
        : null;
      const screenshot = reserved?.kept ? body.screenshot : null;
      let created: { id: number };
      try {
        created = await createFlagReport(ctx.db, { ...body, screenshot });
      } catch (err) {
        if (reserved?.kept) await reserved.undo();
        throw err;
      }
      return reply.status(201).send({
        id: created.id,
        status: 'pending' as const,
        screenshotKept: body.screenshot ? screenshot !== null : null,
      });
    },
  );
};
