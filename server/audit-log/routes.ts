import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeText, writerText } from '../../common/audit-log.js';
import { keyIn } from '../../common/locales/index.js';
import { formatDateTime } from '../../common/time.js';
import type { Translate } from '../i18n.js';
import { type CsvRecord, sendCsv } from '../http/csv.js';
import { entryPages, listEntries } from './repository.js';
import { auditLogLabels, type AuditEntryWire, type AuditLogFilters, exportSchema, listSchema } from './schemas.js';

/** Super admins only: the `system` area has no level of its own. */
const config = { permission: { area: 'system', action: 'list' }, labels: auditLogLabels } as const;

const L = 'system.auditLog';

function csvHeader(t: Translate): CsvRecord {
  return [t(`${L}.at`), t(`${L}.writer`), t(`${L}.address`), t(`${L}.process`), t(`${L}.entity`), t(`${L}.entityId`), t(`${L}.action`), t(`${L}.changes`)];
}

type Entry = Omit<AuditEntryWire, 'at'> & { at: Date };

function csvCells(t: Translate, entry: Entry): CsvRecord {
  return [
    formatDateTime(entry.at),
    writerText(t, entry),
    entry.address,
    entry.process,
    t(keyIn(`${L}.entities`, entry.entity)),
    entry.entity_id,
    t(keyIn(`${L}.actions`, entry.action)),
    entry.changes.map(changeText).join('\n'),
  ];
}

async function* csvRecords(app: { db: Parameters<typeof entryPages>[0] }, t: Translate, filters: AuditLogFilters) {
  yield csvHeader(t);
  for await (const page of entryPages(app.db, filters)) for (const entry of page) yield csvCells(t, entry);
}

/**
 * 監査ログ: `GET /api/audit_log` (a page, newest first, `x-total-count`) and `GET /api/audit_log/export`
 * (the same filters as CSV). The entries are written by the database's triggers (db/audit.ts).
 */
const auditLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit_log', { schema: listSchema, config }, async (request, reply) => {
    const { rows, total } = await listEntries(app.db, request.query);
    reply.header('x-total-count', total).header('access-control-expose-headers', 'x-total-count');
    return rows;
  });

  app.get('/audit_log/export', { schema: exportSchema, config }, async (request, reply) => {
    const { encoding = 'utf8', ...filters } = request.query;
    return sendCsv(reply, csvRecords(app, request.t, filters), encoding, 'audit_log.csv');
  });
};

export default auditLogRoutes;
