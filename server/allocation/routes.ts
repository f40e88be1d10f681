import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { daysBetween, TRIP_RANGE_MAX_DAYS } from '../../common/allocation.js';
import type { Action } from '../../common/permissions.js';
import { invalid } from '../errors.js';
import { board } from './board.js';
import { acceptProposal, calculator, type CalculatorRun } from './calculator.js';
import type { DayProgress } from './day-plan.js';
import type { RealtimeBus } from '../realtime/bus.js';
import { transfers } from './transfers.js';
import { listTrips, refuseOutOfScope, tripDetail, tripDetails, tripExportPages } from './repository.js';
import { tripExportCells, tripExportHeader } from './export.js';
import { sendCsv } from '../http/csv.js';
import {
  boardSchema,
  calculatorAcceptSchema,
  calculatorSchema,
  reoptimizeApplySchema,
  reoptimizeLastSchema,
  reoptimizeSchema,
  reoptimizeUndoSchema,
  transfersSchema,
  tripCopySchema,
  tripCreateSchema,
  tripDeleteSchema,
  tripLabels,
  tripExportSchema,
  tripListSchema,
  tripMoveSchema,
  tripShowSchema,
  tripStopsSchema,
  tripUpdateSchema,
  tripVersionSchema,
  tripWorkRulesSchema,
} from './schemas.js';
import { previewWorkRules } from './work-rules.js';
import { copyDay } from './copy-day.js';
import { applyReoptimization, reoptimizePreview, undoableReoptimization, undoReoptimization } from './reoptimize.js';
import {
  cancelTrip,
  createTrip,
  loadingStart,
  moveDeliveries,
  setConfirmed,
  setStops,
  updateTrip,
  type WriteContext,
} from './service.js';

/** Publishes a calculation's progress to its user's sockets; a failed publish is logged and never stops the calculation. */
const progressTo =
  (bus: RealtimeBus, userId: number, runId: string, budget: number, log: FastifyBaseLogger) =>
  ({ cost, seconds }: DayProgress) =>
    void bus
      .publish([userId], { type: 'optimizer_progress', run_id: runId, cost: Math.round(cost * 10) / 10, seconds: Math.round(seconds * 100) / 100, budget })
      .catch((error: Error) => log.warn({ err: error }, 'realtime: the optimizer’s progress was not published'));

const config = (action: Action) => ({ permission: { area: 'vehicle_allocation', action }, labels: tripLabels }) as const;
/** 配車一覧, its export and a trip's detail: read by a carrier too, its own company's trips only (tripScope). */
const readTrips = (action: 'list' | 'show') => ({ permission: { area: 'trip', action }, labels: tripLabels }) as const;

/** Trips (配車, 便): lists, the board, writes (one transaction each), the calculator and transfers. */
const allocationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Runs one write in its own transaction (whose trips' users hear of it once committed) and answers the trips it names. */
  const write = <T>(request: FastifyRequest, work: (ctx: WriteContext) => Promise<T>) =>
    app.realtime.transaction((db) => work({ db, actor: request.actor, t: request.t, now: new Date() }));

  /** The list's and the export's date range: in order, at most TRIP_RANGE_MAX_DAYS days. */
  const rangeChecked = (request: FastifyRequest, { date_from, date_to }: { date_from: string; date_to: string }) => {
    const days = daysBetween(date_from, date_to);
    if (days < 0) throw invalid({ date_to: request.t('allocation.rangeOrder') });
    if (days >= TRIP_RANGE_MAX_DAYS) throw invalid({ date_to: request.t('allocation.rangeTooLong', { max: TRIP_RANGE_MAX_DAYS }) });
  };

  app.get('/vehicle_allocation', { schema: tripListSchema, config: readTrips('list') }, async (request, reply) => {
    rangeChecked(request, request.query);
    const { rows, total } = await listTrips(app.db, request.actor, request.query);
    reply.header('x-total-count', String(total));
    return rows;
  });

  app.get('/vehicle_allocation/export', { schema: tripExportSchema, config: readTrips('list') }, async (request, reply) => {
    const { encoding = 'utf8', ...filters } = request.query;
    rangeChecked(request, filters);
    const { t, actor } = request;
    async function* records() {
      yield tripExportHeader(t);
      for await (const page of tripExportPages(app.db, actor, filters)) for (const trip of page) yield tripExportCells(t, trip);
    }
    return sendCsv(reply, records(), encoding, `trips_${filters.date_from}_${filters.date_to}.csv`);
  });

  app.get('/vehicle_allocation/board', { schema: boardSchema, config: config('list') }, async (request) =>
    board(app.db, request.actor, request.query.department_id, request.query.date, new Date()),
  );

  /**
   * An optimizer run for a request: stopped when the caller goes away before it answers; its progress goes to
   * the caller's sockets under the client's id of the calculation (`run_id`), when it names one.
   */
  const optimizing = async <T>(
    request: FastifyRequest,
    { seconds = 5, seed = 1, run_id }: { seconds?: number; seed?: number; run_id?: string },
    plan: (run: CalculatorRun) => Promise<T>,
  ) => {
    const closed = new AbortController();
    const abort = () => closed.abort(new Error('the request was closed'));
    request.raw.on('close', abort);
    const onProgress = run_id === undefined ? undefined : progressTo(app.realtime.bus, request.actor.id, run_id, seconds, request.log);
    try {
      return await plan({ seconds, seed, signal: closed.signal, onProgress });
    } finally {
      request.raw.off('close', abort);
    }
  };

  app.get('/vehicle_allocation/calculator', { schema: calculatorSchema, config: config('list') }, async (request) =>
    optimizing(request, request.query, (run) => calculator(app.db, request.actor, request.query.department_id, request.query.date, new Date(), run)),
  );

  app.post('/vehicle_allocation/calculator/accept', { schema: calculatorAcceptSchema, config: config('create') }, async (request) => ({
    created: await write(request, (ctx) => acceptProposal(ctx, request.body)),
  }));

  app.get('/vehicle_allocation/reoptimize', { schema: reoptimizeSchema, config: config('edit') }, async (request) =>
    optimizing(request, request.query, (run) => reoptimizePreview(app.db, request.actor, request.query.department_id, request.query.date, new Date(), run)),
  );

  app.post('/vehicle_allocation/reoptimize/apply', { schema: reoptimizeApplySchema, config: config('edit') }, async (request) =>
    write(request, (ctx) => applyReoptimization(ctx, request.body)),
  );

  app.get('/vehicle_allocation/reoptimize/last', { schema: reoptimizeLastSchema, config: config('edit') }, async (request) =>
    undoableReoptimization(app.db, request.actor, request.query.department_id, request.query.date),
  );

  app.post('/vehicle_allocation/reoptimize/:id/undo', { schema: reoptimizeUndoSchema, config: config('edit') }, async (request) =>
    write(request, (ctx) => undoReoptimization(ctx, request.params.id)),
  );

  app.post('/vehicle_allocation/work_rules', { schema: tripWorkRulesSchema, config: config('list') }, async (request) => ({
    warnings: await previewWorkRules(app.db, request.actor, request.t, request.body),
  }));

  app.get('/vehicle_allocation/transfers', { schema: transfersSchema, config: config('list') }, async (request) =>
    transfers(app.db, request.actor, request.query.date, request.query.kind, request.query.department_id),
  );

  app.post('/vehicle_allocation/copy', { schema: tripCopySchema, config: config('create') }, async (request) =>
    write(request, (ctx) => copyDay(ctx, request.body)),
  );

  app.post('/vehicle_allocation/move', { schema: tripMoveSchema, config: config('edit') }, async (request) =>
    write(request, async (ctx) => {
      const { from, to, delivery_ids } = request.body;
      await moveDeliveries(ctx, from, to, delivery_ids);
      const [source, target] = await tripDetails(ctx.db, [from.id, to.id]);
      return { from: source!, to: target! };
    }),
  );

  app.get('/vehicle_allocation/:id', { schema: tripShowSchema, config: readTrips('show') }, async (request) => {
    await refuseOutOfScope(app.db, request.actor, request.params.id);
    return tripDetail(app.db, request.params.id);
  });

  app.post('/vehicle_allocation', { schema: tripCreateSchema, config: config('create') }, async (request, reply) => {
    const detail = await write(request, async (ctx) => tripDetail(ctx.db, await createTrip(ctx, request.body)));
    return reply.status(201).send(detail);
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/vehicle_allocation/:id',
      schema: tripUpdateSchema,
      config: config('edit'),
      handler: async (request) =>
        write(request, async (ctx) => {
          await updateTrip(ctx, request.params.id, request.body);
          return tripDetail(ctx.db, request.params.id);
        }),
    });
  }

  app.delete('/vehicle_allocation/:id', { schema: tripDeleteSchema, config: config('delete') }, async (request) => {
    const version = request.body?.version ?? request.query.version;
    if (version === undefined) throw invalid({ version: request.t('errors.required', { field: request.t('allocation.fields.version') }) });
    return write(request, async (ctx) => {
      await cancelTrip(ctx, request.params.id, version);
      return tripDetail(ctx.db, request.params.id);
    });
  });

  app.put('/vehicle_allocation/:id/stops', { schema: tripStopsSchema, config: config('edit') }, async (request) =>
    write(request, async (ctx) => {
      await setStops(ctx, request.params.id, request.body.version, request.body.stops);
      return tripDetail(ctx.db, request.params.id);
    }),
  );

  const versioned = (path: string, work: (ctx: WriteContext, id: number, version: number) => Promise<void>) =>
    app.post(path, { schema: tripVersionSchema, config: config('edit') }, async (request) =>
      write(request, async (ctx) => {
        await work(ctx, request.params.id, request.body.version);
        return tripDetail(ctx.db, request.params.id);
      }),
    );
  versioned('/vehicle_allocation/:id/confirm', (ctx, id, version) => setConfirmed(ctx, id, version, true));
  versioned('/vehicle_allocation/:id/unconfirm', (ctx, id, version) => setConfirmed(ctx, id, version, false));
  versioned('/vehicle_allocation/:id/loading_start', loadingStart);
};

export default allocationRoutes;
