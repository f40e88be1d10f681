import t from 'tap';
import { tokyoToday } from '../../common/deliveries.js';
import { at, makeDelivery, makeTrip, reportCast } from './allocation-fixtures.js';
import { dayAfterDemo, demoApp, signedIn } from './helpers.js';
import { csvRecords, xlsxSheets } from './report-files.js';

/** The home page's figures: the reports' for the same day and scope. */

const { app, db } = await demoApp(t);
const [center, carrier] = await Promise.all(['center', 'carrier'].map((login) => signedIn(app, login)));
type Api = typeof center;
const { fleet, stores, totoVehicle, totoDriver, otherVehicle, otherDriver } = await reportCast(db);

const dashboard = async (api: Api, date?: string) => {
  const response = await api({ method: 'GET', url: `/api/dashboard${date ? `?date=${date}` : ''}` });
  t.equal(response.statusCode, 200, response.body.slice(0, 200));
  return response.json();
};
const csv = async (api: Api, path: string) => csvRecords((await api({ method: 'GET', url: `/api/report/${path}&format=csv` })).rawPayload, 'utf8');
const number = (cell: string | undefined) => (cell === undefined || cell === '' ? null : Number(cell));

// A day of its own, after the demo: its 30 days hold only what is made here.
const date = dayAfterDemo(700);
async function run(vehicle: { id: number; delivery_company_id: number }, driverId: number, weight: number, stops: { store: number; status: number; delay: number; wait: number }[]) {
  const trip = await makeTrip(db, { date, department_id: fleet.center, vehicle_id: vehicle.id, driver_id: driverId, delivery_company_id: vehicle.delivery_company_id, status: 3, load_unit: 1 });
  await db.updateTable('vehicle_allocations').set({ quantity: 5, weight, volume: 2 }).where('id', '=', trip.id).execute();
  for (const [index, stop] of stops.entries()) {
    await db
      .insertInto('allocation_stops')
      .values({ vehicle_allocation_id: trip.id, seq: index + 1, delivery_destination_id: stores[stop.store]!.id, arrived_at: at(date, '10:00'), wait_minutes: stop.wait, work_started_at: at(date, '10:00'), work_ended_at: at(date, '10:40') })
      .execute();
    const delivery = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: stores[stop.store]!.id, vehicle_allocation_id: trip.id, stop_seq: index + 1, status: stop.status, weight: 200 });
    await db.updateTable('deliveries').set({ delivery_delay_status: stop.delay }).where('id', '=', delivery.id).execute();
  }
}
await run(totoVehicle, totoDriver.id, 900, [
  { store: 0, status: 3, delay: 0, wait: 35 },
  { store: 1, status: 3, delay: 1, wait: 5 },
]);
await run(otherVehicle, otherDriver.id, 1500, [
  { store: 2, status: 3, delay: 0, wait: 90 },
  { store: 3, status: 2, delay: 2, wait: 0 },
]);
await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: stores[4]!.id });

t.test('the day’s deliveries and the 30 days’ on-time rate are the daily summary’s', async (t) => {
  for (const [name, api] of [
    ['center', center],
    ['carrier', carrier],
  ] as const) {
    const figures = await dashboard(api, date);
    const total = (await csv(api, `daily-summary?date=${date}`)).at(-1)!;
    // 配送件数, 配達済, 遅延, 定時率: the summary's last four columns.
    const [deliveries, delivered, delayed, rate] = total.slice(-4).map(number);
    t.same(figures.deliveries, { total: deliveries, delivered, late: delayed, to_come: deliveries! - delivered! }, `${name}: today's deliveries`);
    t.equal(figures.on_time_rate, rate, `${name}: the on-time rate`);
  }
  const figures = await dashboard(center, date);
  t.same(figures.deliveries, { total: 5, delivered: 3, late: 1, to_come: 2 }, 'the fixture’s, by hand');
  t.equal(figures.on_time_rate, 66.7);
});

t.test('積載効率 and the 2-hour share are the load-efficiency report’s; the carrier sees its own', async (t) => {
  for (const [name, api, runs] of [
    ['center', center, 2],
    ['carrier', carrier, 1],
  ] as const) {
    const figures = await dashboard(api, date);
    const total = (await csv(api, `load-efficiency?month=${date.slice(0, 7)}`)).at(-1)!;
    t.equal(figures.efficiency.runs, runs, `${name}: the runs`);
    t.equal(figures.efficiency.runs, number(total[6]), `${name}: the runs are the report's`);
    t.same([figures.efficiency.load_rate, figures.efficiency.loaded_share, figures.efficiency.efficiency], [number(total[10]), number(total[15]), number(total[16])], `${name}: 積載効率`);
    t.equal(figures.handling.within_target_share, number(total[18]), `${name}: the 2-hour share`);
  }
  // 35 + 40 + 5 + 40 = 120 minutes (within), 90 + 40 + 0 + 40 = 170 (beyond).
  t.equal((await dashboard(center, date)).handling.within_target_share, 50);
  t.equal((await dashboard(carrier, date)).handling.within_target_share, 100);
});

t.test('today: trips by status and vehicles in use are the trips’, the month’s findings the working-time record’s', async (t) => {
  const today = tokyoToday();
  for (const api of [center, carrier]) {
    const figures = await dashboard(api);
    t.equal(figures.date, today);
    // 便数 and 車両数 of the day's summary: the trips (not cancelled) and the vehicles they use.
    const summary = (await csv(api, `daily-summary?date=${today}`)).at(-1)!;
    const trips = Object.values(figures.trips as Record<string, number>).reduce((sum, count) => sum + count, 0);
    t.same([trips, figures.vehicles.in_use], [number(summary[2]), number(summary[3])], 'the trips and the vehicles in use are the summary’s');
    t.ok(figures.vehicles.available >= figures.vehicles.in_use);
    const month = today.slice(0, 7);
    const record = await api({ method: 'GET', url: `/api/report/working-time-record?date_from=${month}-01&date_to=${today}&format=xlsx` });
    const totals = (await xlsxSheets(record.rawPayload)).at(-1)!.rows.at(-1)!;
    t.same([figures.work_rules.warnings, figures.work_rules.violations], totals.slice(-2), 'the month’s 注意 and 違反');
  }
  const trips = (await center({ method: 'GET', url: `/api/vehicle_allocation?date_from=${today}&date_to=${today}&_end=1000` })).json() as { status: number }[];
  const byStatus = (status: number) => trips.filter((trip) => trip.status === status).length;
  const figures = await dashboard(center);
  t.same(figures.trips, { planned: byStatus(0), loading: byStatus(1), in_transit: byStatus(2), completed: byStatus(3) }, 'by status, as the trip list has them');
  t.ok(trips.length > 0, 'the demo’s day has trips');
});
