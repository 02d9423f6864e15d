// The review desk's side of flag reports (decision 0703), registered inside the /api/admin scope so
// every route needs an administrator session: the list without screenshots, and each screenshot
// on its own as image/png.
import { adminFlagReportPageSchema, flagReportListQuerySchema } from '../../../shared/schemas/admin.js';
import { idParamSchema } from '../../../shared/schemas/common.js';
import {
  PNG_DATA_URL_PREFIX,
  pngDimensions,
  screenshotDimensionsAllowed,
} from '../../../shared/schemas/flag-report.js';
import type { AppContext, ZodApp } from '../../context.js';
import { notFound } from '../../http-error.js';
import { findScreenshot, listFlagReportItems } from './reports.repository.js';

const SCREENSHOT_NOT_FOUND = 'Screenshot not found';

export async function reportsAdminRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/flag-reports',
    { schema: { querystring: flagReportListQuerySchema, response: { 200: adminFlagReportPageSchema } } },
    async (request) => listFlagReportItems(ctx.db, request.query),
  );

  app.get('/flag-reports/:id/screenshot', { schema: { params: idParamSchema } }, async (request, reply) => {
    const dataUrl = await findScreenshot(ctx.db, request.params.id);
    // Pictures stored before the size checks are served only when they pass them too.
    const size = dataUrl ? pngDimensions(dataUrl) : null;
    if (!dataUrl || !size || !screenshotDimensionsAllowed(size)) throw notFound(SCREENSHOT_NOT_FOUND);
    const png = Buffer.from(dataUrl.slice(PNG_DATA_URL_PREFIX.length), 'base64');
    return reply
      .type('image/png')
      .header('content-disposition', `inline; filename="report-${request.params.id}-screenshot.png"`)
      .send(png);
  });
}
