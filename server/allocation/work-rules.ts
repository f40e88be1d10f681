import { TRIP_STATUS } from '../../common/allocation.js';
import { checkWorkRules, fiscalYearOf, type RuleFinding, WORK_LIMITS, WORK_RULE_CODE_PREFIX, type WorkDay, type WorkRulesPreview } from '../../common/work-rules.js';
import type { Executor } from '../../db/executor.js';
import type { StoredWarning } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { invalid } from '../errors.js';
import type { Translate } from '../i18n.js';
import { companyScope } from '../auth/scope.js';

/**
 * The assignment check (DOMAIN.md section 5): a trip's planned times, with its driver's
 * recorded days (driver_work_records) and other planned trips, against the 2024 working-time rules.
 * What the trip makes break is stored on the trip as warnings (`workRules.<rule>`, params: level,
 * date and the figures in minutes); the planner may still save.
 */

/** The route's transaction for a write; the database itself for a preview. */

const WORK_RULE_PREFIX = WORK_RULE_CODE_PREFIX;

/** The days a trip can change findings on: the day before (24 h binding) to two weeks after (two-week driving, rest, totals). */
const DAYS_BEFORE = 1;
const DAYS_AFTER = 14;

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const iso = (at: Date | null) => (at ? at.toISOString() : null);

interface PlannedTrip {
  /** the trip's day: the working day it belongs to (a trip starting the evening before still counts on it) */
  date: string;
  planned_loading_start: Date | null;
  planned_departure: Date | null;
  planned_arrival: Date | null;
}

/**
 * A planned trip as a working day: work from planned loading start (else departure) to planned
 * arrival, driving from planned departure (else the start) to arrival, no breaks planned. Dated by
 * the trip's date (entries of one date are one working day).
 */
export function plannedDay(trip: PlannedTrip): WorkDay | null {
  const start = trip.planned_loading_start ?? trip.planned_departure;
  if (!start || !trip.planned_arrival || trip.planned_arrival <= start) return null;
  return {
    date: trip.date,
    clockIn: iso(start),
    clockOut: iso(trip.planned_arrival),
    breaks: [],
    breakMinutes: 0,
    departureAt: iso(trip.planned_departure ?? start),
    returnAt: iso(trip.planned_arrival),
  };
}

const sameFinding = (a: RuleFinding, b: RuleFinding) =>
  a.rule === b.rule && a.date === b.date && a.level === b.level && JSON.stringify(a.figures) === JSON.stringify(b.figures);

/**
 * The findings a planned day brings: those over the days it touches that are not there, exactly,
 * without it (new, more severe, or with figures it changed). Continuous driving is left out: planned
 * trips carry no breaks, so it can only be judged on the recorded day.
 * One per rule: the most severe, the one on the trip's own day first, else the earliest.
 */
export function assignmentFindings(context: WorkDay[], planned: WorkDay, agreement: boolean): RuleFinding[] {
  const from = addDays(planned.date, -DAYS_BEFORE);
  const to = addDays(planned.date, DAYS_AFTER);
  const options = { bindingExtensionAgreement: agreement };
  const without = checkWorkRules(context, from, to, options);
  const brought = checkWorkRules([...context, planned], from, to, options).filter(
    (finding) => finding.rule !== 'continuousDriving' && !without.some((other) => sameFinding(finding, other)),
  );
  const rank = (f: RuleFinding) => [f.level === 'violation' ? 0 : 1, f.date === planned.date ? 0 : 1, f.date] as const;
  const best = new Map<string, RuleFinding>();
  for (const finding of brought) {
    const known = best.get(finding.rule);
    if (!known) {
      best.set(finding.rule, finding);
      continue;
    }
    const [a, b] = [rank(finding), rank(known)];
    if (a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))) best.set(finding.rule, finding);
  }
  return [...best.values()];
}

/** A finding as a stored warning: `workRules.<rule>`, its level and day, its figures in minutes. */
export const findingWarning = (finding: RuleFinding): StoredWarning => ({
  code: `${WORK_RULE_PREFIX}${finding.rule}`,
  params: { level: finding.level, date: finding.date, ...finding.figures },
});

/** A trip's warnings with this module's replaced by `ours` (the stops' summary is kept). */
export const withWorkRuleWarnings = (warnings: StoredWarning[], ours: StoredWarning[]) => [
  ...warnings.filter((w) => !w.code.startsWith(WORK_RULE_PREFIX)),
  ...ours,
];

/** This module's warnings among a trip's (kept when the stops' summary is rewritten). */
export const workRuleWarningsOf = (warnings: StoredWarning[]) => warnings.filter((w) => w.code.startsWith(WORK_RULE_PREFIX));

/** Each driver's recorded days and other live planned trips (all but `exceptTripIds`) from `from` to `to`, as working days. */
async function driversDays(db: Executor, driverIds: number[], exceptTripIds: number[], from: string, to: string): Promise<Map<number, WorkDay[]>> {
  const days = new Map<number, WorkDay[]>(driverIds.map((id) => [id, []]));
  if (driverIds.length === 0) return days;
  const records = await db
    .selectFrom('driver_work_records')
    .select(['driver_id', 'date', 'clock_in', 'clock_out', 'breaks', 'break_minutes', 'departure_at', 'return_at'])
    .where('driver_id', 'in', driverIds)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  const trips = await db
    .selectFrom('vehicle_allocations')
    .select(['driver_id', 'date', 'planned_loading_start', 'planned_departure', 'planned_arrival'])
    .where('driver_id', 'in', driverIds)
    .where('deleted_at', 'is', null)
    .where('status', '<>', TRIP_STATUS.cancelled)
    .where('id', 'not in', exceptTripIds)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  for (const r of records) {
    days.get(r.driver_id)!.push({
      date: r.date,
      clockIn: iso(r.clock_in),
      clockOut: iso(r.clock_out),
      breaks: r.breaks ?? [],
      breakMinutes: r.break_minutes,
      departureAt: iso(r.departure_at),
      returnAt: iso(r.return_at),
    });
  }
  for (const trip of trips) {
    const day = plannedDay(trip);
    if (day) days.get(trip.driver_id!)!.push(day);
  }
  return days;
}

/** The days a check of a trip on `date` reads: from the start of the fiscal year (monthly and annual totals) to the days the trip touches. */
const contextRange = (date: string) => ({ from: `${fiscalYearOf(addDays(date, -DAYS_BEFORE))}-04-01`, to: addDays(date, DAYS_AFTER + 1) });

/** What a planned day brings for a driver, as stored warnings (the trips `exceptTripIds` left out of the context). */
async function plannedWarnings(db: Executor, driverId: number, agreement: boolean, planned: WorkDay, exceptTripIds: number[]): Promise<StoredWarning[]> {
  const { from, to } = contextRange(planned.date);
  const context = (await driversDays(db, [driverId], exceptTripIds, from, to)).get(driverId)!;
  return assignmentFindings(context, planned, agreement).map(findingWarning);
}

/**
 * For the calculator's choice of drivers on `date`: what a planned day would bring each driver, as the
 * trip form's check says it, given each one's recorded days and planned trips, read at once.
 */
export async function assignmentCheck(db: Executor, drivers: { id: number; binding_extension_agreement: boolean }[], date: string) {
  const { from, to } = contextRange(date);
  const days = await driversDays(db, drivers.map((d) => d.id), [0], from, to);
  const agreement = new Map(drivers.map((d) => [d.id, d.binding_extension_agreement]));
  return (driverId: number, planned: WorkDay | null): RuleFinding[] =>
    planned === null ? [] : assignmentFindings(days.get(driverId) ?? [], planned, agreement.get(driverId) ?? false);
}

/** Where a driver may still be bound on a day: no earlier than `from`, back by `until`, at most `minutes` in all (null: no bound). */
export interface BindingLimit {
  from: Date | null;
  until: Date | null;
  minutes: number;
}

/** The span of a set of working days' work, first start to last end (ms), or null when none has both. */
function spanOf(days: WorkDay[]): [number, number] | null {
  const spans = days.flatMap((d) => (d.clockIn && d.clockOut ? [[Date.parse(d.clockIn), Date.parse(d.clockOut)] as const] : []));
  return spans.length ? [Math.min(...spans.map((s) => s[0])), Math.max(...spans.map((s) => s[1]))] : null;
}

/**
 * The 2024 rules as a limit on a new stretch of work on `date` (a vehicle's proposed trips): the day's
 * binding, first start to last end with the work already recorded or planned that day, stays within
 * 13 h (the planning limit: past it the trip warns), and the month's binding within what is left of
 * its limit (284 h, 310 h under a 労使協定).
 */
export function bindingLimit(days: WorkDay[], date: string, agreement: boolean): BindingLimit {
  const daily = WORK_LIMITS.dailyBindingWarning;
  const today = spanOf(days.filter((d) => d.date === date));
  const otherDates = new Set(days.filter((d) => d.date !== date && d.date.slice(0, 7) === date.slice(0, 7)).map((d) => d.date));
  const month = [...otherDates].reduce((sum, other) => {
    const span = spanOf(days.filter((d) => d.date === other));
    return sum + (span ? (span[1] - span[0]) / 60_000 : 0);
  }, 0);
  const monthLimit = agreement ? WORK_LIMITS.monthlyBindingAgreement : WORK_LIMITS.monthlyBinding;
  return {
    from: today ? new Date(today[1] - daily * 60_000) : null,
    until: today ? new Date(today[0] + daily * 60_000) : null,
    minutes: Math.max(0, Math.min(daily, monthLimit - month)),
  };
}

/** For the calculator: each driver's binding limit on `date` (`bindingLimit`), from their recorded days and planned trips, read at once. */
export async function bindingLimits(db: Executor, drivers: { id: number; binding_extension_agreement: boolean }[], date: string) {
  const days = await driversDays(db, drivers.map((d) => d.id), [0], `${date.slice(0, 7)}-01`, date);
  return new Map(drivers.map((d) => [d.id, bindingLimit(days.get(d.id) ?? [], date, d.binding_extension_agreement)]));
}

/**
 * What the board needs to show each driver's remaining binding time on `date` while trips are moved:
 * `minutes`, the most he may be bound that day (`bindingLimit`: 13 h, less when the month's limit is
 * nearer), and `start`/`end`, his work that day besides `boardTripIds` (recorded, or planned on other
 * trips), null when there is none. The day's binding is first start to last end of it all.
 */
export async function boardBindings(db: Executor, drivers: { id: number; binding_extension_agreement: boolean }[], date: string, boardTripIds: number[]) {
  const days = await driversDays(db, drivers.map((d) => d.id), [0, ...boardTripIds], `${date.slice(0, 7)}-01`, date);
  return new Map(
    drivers.map((d) => {
      const own = days.get(d.id) ?? [];
      const span = spanOf(own.filter((day) => day.date === date));
      return [d.id, { minutes: Math.floor(bindingLimit(own, date, d.binding_extension_agreement).minutes), start: span ? new Date(span[0]) : null, end: span ? new Date(span[1]) : null }];
    }),
  );
}

/**
 * Checks a trip's planned times with its driver's work and stores what it brings on the trip's
 * warnings (replacing the previous check's). A trip without a driver, without complete planned times,
 * or cancelled, has none. Trips in `notYet` are left out of the driver's other trips (a day's copies
 * checked in the order they are made, each before the next one was there).
 */
export async function checkTripWorkRules(db: Executor, tripId: number, notYet: number[] = []) {
  const trip = await db
    .selectFrom('vehicle_allocations as va')
    .leftJoin('drivers as d', 'd.id', 'va.driver_id')
    .select(['va.date', 'va.driver_id', 'va.status', 'va.warnings', 'va.planned_loading_start', 'va.planned_departure', 'va.planned_arrival', 'd.binding_extension_agreement'])
    .where('va.id', '=', tripId)
    .executeTakeFirstOrThrow();
  const planned = trip.driver_id !== null && trip.status !== TRIP_STATUS.cancelled ? plannedDay(trip) : null;
  const ours = planned && trip.driver_id !== null ? await plannedWarnings(db, trip.driver_id, trip.binding_extension_agreement ?? false, planned, [tripId, ...notYet]) : [];
  const warnings = withWorkRuleWarnings(trip.warnings, ours);
  if (JSON.stringify(warnings) !== JSON.stringify(trip.warnings)) {
    await db.updateTable('vehicle_allocations').set({ warnings: JSON.stringify(warnings) }).where('id', '=', tripId).execute();
  }
}

/**
 * The same check before saving (the trip form asks while the planner picks a driver and times): the
 * warnings the trip would carry. The driver must be visible to the caller (else 400 naming it); the
 * trip being edited, if named, is left out of the driver's other trips. Nothing is written.
 */
export async function previewWorkRules(db: Executor, actor: Actor, t: Translate, body: WorkRulesPreview): Promise<StoredWarning[]> {
  let query = db
    .selectFrom('drivers')
    .select(['drivers.id', 'drivers.binding_extension_agreement'])
    .where('drivers.id', '=', body.driver_id)
    .where('drivers.deleted_at', 'is', null);
  const scope = companyScope(actor, 'drivers.delivery_company_id', 'drivers.base_department_id');
  if (scope) query = query.where(scope);
  const driver = await query.executeTakeFirst();
  if (!driver) throw invalid({ driver_id: t('errors.refNotFound', { field: t('allocation.fields.driver_id') }) });
  const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);
  const planned = plannedDay({
    date: body.date,
    planned_loading_start: toDate(body.planned_loading_start),
    planned_departure: toDate(body.planned_departure),
    planned_arrival: toDate(body.planned_arrival),
  });
  return planned ? plannedWarnings(db, driver.id, driver.binding_extension_agreement, planned, [body.trip_id ?? 0]) : [];
}
