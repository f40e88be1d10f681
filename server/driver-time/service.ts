import { sql, type Transaction } from 'kysely';
import { breakTotal, departureState, toWorkDay, type WorkFigures } from '../../common/driver-time.js';
import type { WorkDay } from '../../common/work-rules.js';
import type { Database, WorkBreak } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import type { Actor } from '../auth/actor.js';
import { AppError, invalid, notFound } from '../errors.js';
import type { Translate } from '../i18n.js';
import { driverInScope, driversOfDay, type DriverDayRow, type LockedRecord, lockRecord, recordsOfDrivers, tripsOfDrivers } from './repository.js';
import { addToTotals, contextRange, emptyFigureTotals, figuresOf, findingsOn, type MergedRecord, recordErrors } from './rules.js';
import type { DayQueryType, WorkRecordBodyType } from './schemas.js';

/** Drivers' working days: the page's reads (three statements whatever the number of drivers) and the write. */

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Each driver's recorded days around the date, as the rules read them (one statement for the page). */
async function contextDays(db: Executor, actor: Actor, query: DayQueryType, driverId?: number): Promise<Map<number, WorkDay[]>> {
  const { from, to } = contextRange(query.date);
  const byDriver = new Map<number, WorkDay[]>();
  for (const record of await recordsOfDrivers(db, actor, query, from, to, driverId)) {
    const days = byDriver.get(record.driver_id) ?? [];
    days.push(toWorkDay(record));
    byDriver.set(record.driver_id, days);
  }
  return byDriver;
}

function recordOf(row: DriverDayRow) {
  if (row.record_id === null) return null;
  return {
    id: row.record_id,
    date: row.record_date!,
    clock_in: row.record_clock_in,
    clock_out: row.record_clock_out,
    break_minutes: row.record_break_minutes!,
    breaks: row.record_breaks ?? [],
    departure_at: row.record_departure_at,
    return_at: row.record_return_at,
    odometer_start: row.record_odometer_start,
    odometer_end: row.record_odometer_end,
    alcohol_check_before: row.record_alcohol_check_before,
    alcohol_check_after: row.record_alcohol_check_after,
    checker: row.record_checker,
    note: row.record_note,
    version: row.record_version!,
    updated_at: row.record_updated_at!,
    updated_by_name: row.updated_by_name,
  };
}

const driverOf = (row: DriverDayRow) => ({
  driver_id: row.driver_id,
  driver_name: row.driver_name,
  login_id: row.login_id,
  delivery_company_id: row.delivery_company_id,
  delivery_company_name: row.delivery_company_name ?? '',
  base_department_id: row.base_department_id,
  base_department_name: row.base_department_name,
  binding_extension_agreement: row.binding_extension_agreement,
});

/** GET /driver_time: every driver in scope with the day's record, figures and findings, and the totals. */
export async function daySheet(db: Executor, actor: Actor, query: DayQueryType, driverId?: number) {
  const [drivers, context] = await Promise.all([driversOfDay(db, actor, query, driverId), contextDays(db, actor, query, driverId)]);
  const rows = drivers.map((row) => {
    const record = recordOf(row);
    const figures: WorkFigures | null = record ? figuresOf(record) : null;
    const findings = findingsOn(context.get(row.driver_id) ?? [], query.date, row.binding_extension_agreement);
    return { ...driverOf(row), record, figures, findings };
  });
  const totals = { drivers: rows.length, clocked_in: 0, ...emptyFigureTotals() };
  for (const row of rows) {
    if (row.record?.clock_in) totals.clocked_in++;
    addToTotals(totals, row.figures, row.findings);
  }
  return { date: query.date, rows, totals };
}

/** GET /driver_attendance: each driver's clock in and their trips' departures against the plan. */
export async function attendance(db: Executor, actor: Actor, query: DayQueryType, now: Date) {
  const [drivers, context, trips] = await Promise.all([driversOfDay(db, actor, query), contextDays(db, actor, query), tripsOfDrivers(db, actor, query)]);
  const tripsOf = new Map<number, ReturnType<typeof tripOf>[]>();
  function tripOf(trip: (typeof trips)[number]) {
    const planned = trip.planned_departure === null ? null : new Date(trip.planned_departure);
    const departed = trip.departed_at === null ? null : new Date(trip.departed_at);
    const { driver_id: _driver, ...rest } = trip;
    return { ...rest, ...departureState(planned, departed, now) };
  }
  for (const trip of trips) {
    const list = tripsOf.get(trip.driver_id!) ?? [];
    list.push(tripOf(trip));
    tripsOf.set(trip.driver_id!, list);
  }
  const rows = drivers.map((row) => ({
    ...driverOf(row),
    clock_in: row.record_clock_in,
    clock_out: row.record_clock_out,
    departure_at: row.record_departure_at,
    trips: tripsOf.get(row.driver_id) ?? [],
    findings: findingsOn(context.get(row.driver_id) ?? [], query.date, row.binding_extension_agreement),
  }));
  const all = rows.flatMap((row) => row.trips);
  const totals = {
    drivers: rows.length,
    attended: rows.filter((row) => row.clock_in !== null).length,
    trips: all.length,
    departed: all.filter((trip) => trip.departed_at !== null).length,
    late: all.filter((trip) => trip.state === 'late' || trip.state === 'overdue').length,
  };
  return { date: query.date, rows, totals };
}

/** 409 naming who changed the record: an admin by name, else the driver through the app. */
function stale(existing: Pick<LockedRecord, 'updated_by_name'> & { updated_by: number | null }, driverName: string) {
  if (existing.updated_by !== null && existing.updated_by_name) return new AppError(409, 'driverTime.stale', { name: existing.updated_by_name });
  return new AppError(409, 'driverTime.staleDriver', { name: driverName });
}

/** What the body changes over what is stored (absent fields stay as they are; a new record starts empty). */
function merge(date: string, existing: LockedRecord | undefined, body: WorkRecordBodyType): MergedRecord & { checker: string | null; note: string | null } {
  const pick = <K extends keyof WorkRecordBodyType & keyof LockedRecord>(field: K, fallback: NonNullable<LockedRecord[K]> | null) =>
    body[field] !== undefined ? body[field] : existing ? existing[field] : fallback;
  const breaks: WorkBreak[] = body.breaks ?? existing?.breaks ?? [];
  const breakMinutes = breaks.length > 0 ? breakTotal(breaks) : (body.break_minutes ?? existing?.break_minutes ?? 0);
  const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() || null : null);
  return {
    date,
    clock_in: pick('clock_in', null) as string | Date | null,
    clock_out: pick('clock_out', null) as string | Date | null,
    departure_at: pick('departure_at', null) as string | Date | null,
    return_at: pick('return_at', null) as string | Date | null,
    breaks,
    break_minutes: breakMinutes,
    odometer_start: pick('odometer_start', null) as number | null,
    odometer_end: pick('odometer_end', null) as number | null,
    alcohol_check_before: pick('alcohol_check_before', null) as number | null,
    alcohol_check_after: pick('alcohol_check_after', null) as number | null,
    checker: text(pick('checker', null) as string | null),
    note: text(pick('note', null) as string | null),
  };
}

/**
 * PUT /driver_time/{driver_id}/{date}: creates the day (version 0 or absent) or changes it (the
 * version read), in the route's transaction; answers the driver's row as the page shows it.
 */
export async function writeDay(trx: Transaction<Database>, actor: Actor, t: Translate, driverId: number, date: string, body: WorkRecordBodyType, now: Date) {
  const driver = await driverInScope(trx, actor, driverId, date);
  if (!driver) throw notFound();
  const existing = await lockRecord(trx, driverId, date);
  const version = body.version ?? 0;
  if (existing && existing.version !== version) throw stale(existing, driver.name);
  if (!existing && version !== 0) throw new AppError(409, 'errors.conflict');

  const record = merge(date, existing, body);
  const errors = recordErrors(t, record);
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const values = {
    clock_in: isoOrNull(record.clock_in),
    clock_out: isoOrNull(record.clock_out),
    departure_at: isoOrNull(record.departure_at),
    return_at: isoOrNull(record.return_at),
    breaks: JSON.stringify(record.breaks.map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }))),
    break_minutes: record.break_minutes,
    odometer_start: record.odometer_start,
    odometer_end: record.odometer_end,
    alcohol_check_before: record.alcohol_check_before,
    alcohol_check_after: record.alcohol_check_after,
    checker: record.checker,
    note: record.note,
    updated_at: now,
    updated_by: actor.id,
  };
  if (existing) {
    await trx
      .updateTable('driver_work_records')
      .set({ ...values, version: sql`version + 1` })
      .where('id', '=', existing.id)
      .execute();
  } else {
    // Two first saves of the same day: the second finds the first's row and answers its 409.
    const created = await trx
      .insertInto('driver_work_records')
      .values({ driver_id: driverId, date, ...values })
      .onConflict((oc) => oc.columns(['driver_id', 'date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) {
      const other = await lockRecord(trx, driverId, date);
      throw other ? stale(other, driver.name) : new AppError(409, 'errors.conflict');
    }
  }
  const sheet = await daySheet(trx, actor, { date }, driverId);
  return sheet.rows[0]!;
}
