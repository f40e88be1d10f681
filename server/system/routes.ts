import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APP_VERSION } from '../../common/enums.js';
import { formatDateTime } from '../../common/time.js';
import { chromiumPath } from '../plugins/pdf.js';
import { reportHtml, sendPdf } from '../reports/files.js';
import { databaseFacts, recordCounts } from './repository.js';
import { pdfCheckSchema, pingSchema, statusSchema } from './schemas.js';

const startedAt = new Date();

/**
 * システム情報 (`GET /api/system/status`, super admins: the `system` area has no level of its own) and
 * 動作確認's server side (`GET /api/system/ping`, `GET /api/system/pdf_check`, any signed-in user):
 * what support asks a user to open when something does not work.
 */
const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/system/status', { schema: statusSchema, config: { permission: { area: 'system', action: 'list' } } }, async () => {
    const [database, records] = await Promise.all([databaseFacts(app.db), recordCounts(app.db)]);
    return {
      version: APP_VERSION,
      node: process.version,
      started_at: startedAt,
      now: new Date(),
      database,
      chromium_path: chromiumPath(app.config.CHROMIUM_PATH) ?? null,
      geocoder: app.config.GOOGLE_MAPS_API_KEY ? ('google' as const) : ('gsi' as const),
      map_tile_url: app.config.VITE_MAP_TILE_URL ?? null,
      records,
    };
  });

  app.get('/system/ping', { schema: pingSchema, config: { anyUser: true } }, async () => ({ now: new Date(), version: APP_VERSION }));

  app.get('/system/pdf_check', { schema: pdfCheckSchema, config: { anyUser: true } }, async (request, reply) => {
    const { t } = request;
    const html = reportHtml('pdf-check', { lang: request.locale, title: t('system.check.pdfTitle'), body: t('system.check.pdfBody'), printedBy: request.actor.name, at: formatDateTime(new Date()) });
    return sendPdf(reply, app.pdf, html, 'pdf-check.pdf');
  });
};

export default systemRoutes;
