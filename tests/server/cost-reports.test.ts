import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { tripKm } from '../../common/places.js';
import { distanceOf, fuelOf } from '../../server/reports/expenses.js';
import type { CostedTrip } from '../../server/reports/repository.js';
import { marginOf } from '../../server/reports/sales.js';
import { makeDelivery, makeTrip, reportCast } from './allocation-fixtures.js';
import { dayAfterDemo, demoApp, signedIn } from './helpers.js';
import { csvRecords, xlsxSheets } from './report-files.js';

/** 日次経費 and 日次売上報告: what each vehicle cost on a day, and what each center sold and paid. */

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const { app, db } = await demoApp(t);
const [center, carrier, superAdmin] = await Promise.all(['center', 'carrier', 'super'].map((login) => signedIn(app, login)));
const { fleet, stores, toto, totoVehicle, totoDriver, otherFleet, otherVehicle, otherDriver } = await reportCast(db);
const centerName = (await db.selectFrom('departments').select('name').where('id', '=', fleet.center).executeTakeFirstOrThrow()).name;

const get = (api: Api, path: string, language = 'ja') => api({ method: 'GET', url: `/api/report/${path}`, headers: { 'accept-language': language } });

type Expenses = { toll?: number; parking?: number; other_expense?: number };

/** A store trip of the center with its stops at these stores (one delivery each), made in the database. */
async function tripTo(date: string, vehicle: { id: number; delivery_company_id: number } | null, driverId: number | null, storeIndexes: number[], expenses: Expenses = {}) {
  const trip = await makeTrip(db, {
    date,
    department_id: fleet.center,
    vehicle_id: vehicle?.id ?? null,
    driver_id: driverId,
    delivery_company_id: vehicle?.delivery_company_id ?? null,
  });
  if (Object.keys(expenses).length) await db.updateTable('vehicle_allocations').set(expenses).where('id', '=', trip.id).execute();
  for (const [index, store] of storeIndexes.entries()) {
    const destination = stores[store]!.id;
    await db.insertInto('allocation_stops').values({ vehicle_allocation_id: trip.id, seq: index + 1, delivery_destination_id: destination }).execute();
    await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: destination, vehicle_allocation_id: trip.id, stop_seq: index + 1 });
  }
  return trip;
}

/** The estimated km of a store trip from the center through these stores and back, as the reports work it out. */
async function estimatedKm(storeIndexes: number[]) {
  const origin = await db.selectFrom('departments').select(['latitude', 'longitude']).where('id', '=', fleet.center).executeTakeFirstOrThrow();
  const places = await db
    .selectFrom('delivery_destinations')
    .select(['id', 'latitude', 'longitude'])
    .where('id', 'in', storeIndexes.map((index) => stores[index]!.id))
    .execute();
  const stops = storeIndexes.map((index, seq) => ({ seq: seq + 1, ...places.find((place) => place.id === stores[index]!.id)! }));
  return tripKm({ origin_latitude: origin.latitude, origin_longitude: origin.longitude, stops })!;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

t.test('fuel and distance: litres to 0.1 at the economy, their cost in yen; the odometer only for a vehicle’s one driver', async (t) => {
  t.same(fuelOf(85, 5, 160), { litres: 17, fuel: 2720 });
  t.same(fuelOf(100, 3, 158), { litres: 33.3, fuel: 5261 }, 'the cost of the litres shown');
  t.same(fuelOf(100, null, 160), { litres: null, fuel: null }, 'no economy: no fuel');
  t.same(fuelOf(null, 5, 160), { litres: null, fuel: null }, 'no distance: no fuel');
  const trips = [{ id: 1 }, { id: 2 }] as CostedTrip[];
  const kms = new Map([
    [1, 12.34],
    [2, 20.01],
  ]);
  t.same(distanceOf(trips, kms, { start: 1000, end: 1085 }, true), { km: 85, source: 'meter' });
  t.same(distanceOf(trips, kms, { start: 1000, end: 1085 }, false), { km: 32.4, source: 'planned' }, 'a driver on two vehicles: the trips’ km');
  t.same(distanceOf(trips, kms, { start: 1085, end: 1000 }, true), { km: 32.4, source: 'planned' }, 'readings that go backwards are not a distance');
  t.same(distanceOf(trips, new Map([[1, 12.34]]), undefined, true), { km: 12.3, source: 'partlyPlanned' }, 'a trip without a place adds nothing');
  t.same(distanceOf(trips, new Map(), undefined, true), { km: null, source: null });
});

t.test('日次経費: per vehicle the distance, fuel at the given price, tolls, parking, other, and the totals; scoped', async (t) => {
  const date = dayAfterDemo(600);
  await db.updateTable('vehicles').set({ avg_fuel_economy: 5 }).where('id', '=', totoVehicle.id).execute();
  await db.updateTable('vehicles').set({ avg_fuel_economy: 4 }).where('id', '=', otherVehicle.id).execute();
  await tripTo(date, totoVehicle, totoDriver.id, [0, 1], { toll: 1200, parking: 500 });
  await tripTo(date, totoVehicle, totoDriver.id, [2], { other_expense: 300 });
  await tripTo(date, otherVehicle, otherDriver.id, [3, 4], { toll: 800 });
  await tripTo(date, null, null, [5]);
  // 東都's driver read the odometer at both ends of the day; the other driver did not.
  const clock = (time: string) => new Date(`${date}T${time}:00+09:00`);
  await db
    .insertInto('driver_work_records')
    .values({ driver_id: totoDriver.id, date, clock_in: clock('07:00'), clock_out: clock('16:00'), odometer_start: 10_000, odometer_end: 10_085 })
    .execute();
  const otherKm = round1(await estimatedKm([3, 4]));
  const otherLitres = round1(otherKm / 4);
  const otherFuel = Math.round(otherLitres * 160);

  const response = await get(center, `daily-expense?date=${date}&fuel_price=160&format=xlsx`);
  t.equal(response.statusCode, 200, response.statusCode === 200 ? '' : response.body);
  t.match(response.headers['content-disposition'], `daily-expense_${date}.xlsx`);
  const [sheet] = await xlsxSheets(response.rawPayload);
  t.equal(sheet!.rows[0]![0], '日次経費');
  t.match(sheet!.rows[1]![0], `${date.replaceAll('-', '/')}\u3000軽油単価 160円/L\u3000出力日時`, 'the price the fuel was costed at, after the day');
  const header = sheet!.rows[3];
  t.same(header, ['車番', '車種', '配送会社', 'センター', '便数', '走行距離(km)', '距離の根拠', '燃費(km/L)', '燃料(L)', '燃料費(円)', '高速代(円)', '駐車料金(円)', 'その他(円)', '経費合計(円)']);
  const lines = new Map(sheet!.rows.slice(4).map((row) => [row[0], row]));
  t.same(lines.get(totoVehicle.vehicle_number)?.slice(3), [centerName, 2, 85, 'メーター', 5, 17, 2720, 1200, 500, 300, 4720], 'the odometer, two trips’ expenses');
  t.same(lines.get(otherVehicle.vehicle_number)?.slice(3), [centerName, 1, otherKm, '推定', 4, otherLitres, otherFuel, 800, 0, 0, otherFuel + 800], 'no readings: the trip’s estimated km');
  t.equal(sheet!.rows.length, 4 + 2 + 1, 'a trip without a vehicle has no line');
  t.same(sheet!.rows.at(-1), ['合計', '', '', '', 3, round1(85 + otherKm), '', '', round1(17 + otherLitres), 2720 + otherFuel, 2000, 500, 300, 4720 + otherFuel + 800]);

  const carriers = csvRecords((await get(carrier, `daily-expense?date=${date}&fuel_price=160&format=csv&encoding=sjis`)).rawPayload, 'sjis');
  t.same(
    carriers.map((record) => record[0]),
    ['車番', totoVehicle.vehicle_number, '合計'],
    'a delivery company sees its own vehicles only',
  );

  const english = csvRecords((await get(center, `daily-expense?date=${date}&fuel_price=160&format=csv`, 'en')).rawPayload, 'utf8');
  t.same(english[0]?.slice(5, 7), ['Distance (km)', 'Distance from']);
});

t.test('日次経費 asks for the diesel price: missing or out of range is refused naming it', async (t) => {
  const missing = await get(center, `daily-expense?date=${dayAfterDemo(600)}&format=csv`);
  t.equal(missing.statusCode, 400);
  t.match(missing.json().errors.fuel_price, '軽油単価');
  for (const price of ['0', '1000', '150.5', 'abc']) {
    const wrong = await get(center, `daily-expense?date=${dayAfterDemo(600)}&fuel_price=${price}&format=csv`);
    t.equal(wrong.statusCode, 400, `fuel_price=${price}`);
    t.ok(wrong.json().errors.fuel_price, `fuel_price=${price} is named`);
  }
});

t.test('gross margin: sales less charges, its rate to 0.1 %, none without sales', async (t) => {
  t.same(marginOf(5500, 15000), { margin: -9500, rate: -172.7 });
  t.same(marginOf(20000, 15000), { margin: 5000, rate: 25 });
  t.same(marginOf(0, 15000), { margin: -15000, rate: null });
});

t.test('日次売上報告: per center and customer the stores’ fees once a day, then the center’s trip charges and margin; not for carriers', async (t) => {
  const date = dayAfterDemo(700);
  const [s0, s1, s2] = [stores[0]!.id, stores[1]!.id, stores[2]!.id];
  await db.updateTable('delivery_destinations').set({ customer_id: null, customer_company_name: 'テスト商事', shipping_fee: 3000 }).where('id', '=', s0).execute();
  await db.updateTable('delivery_destinations').set({ customer_id: null, customer_company_name: 'テスト商事', shipping_fee: null }).where('id', '=', s1).execute();
  await db.updateTable('delivery_destinations').set({ customer_id: null, customer_company_name: 'サンプル物産', shipping_fee: 2500 }).where('id', '=', s2).execute();
  const type = (await db.selectFrom('vehicles').select('vehicle_type_id').where('id', '=', totoVehicle.id).executeTakeFirstOrThrow()).vehicle_type_id;
  await db.insertInto('unit_prices').values({ vehicle_type_id: type, kind: 1, delivery_company_id: toto, price_per_trip: 15000, price_per_km: null, effective_from: date }).execute();
  // Two slips for the first store on the trip (its fee counts once), one for each other store, and
  // a draft trip without a vehicle (no unit price).
  await tripTo(date, totoVehicle, totoDriver.id, [0, 1, 2]);
  await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: s0, quantity: 2, weight: 40.5 });
  await tripTo(date, null, null, []);

  const response = await get(center, `daily-sales-report?date=${date}&format=xlsx`);
  t.equal(response.statusCode, 200);
  const [sheet] = await xlsxSheets(response.rawPayload);
  t.same(sheet!.rows[3], ['センター', '得意先', '納品店舗数', '運賃未設定店舗', '配送件数', '数量', '重量(kg)', '運賃売上(円)', '便数', '単価未設定の便', '運送費(円)', '粗利(円)', '粗利率(%)']);
  t.same(sheet!.rows.slice(4), [
    [centerName, 'サンプル物産', 1, 0, 1, 1, 100, 2500],
    [centerName, 'テスト商事', 2, 1, 3, 4, 240.5, 3000],
    [centerName, 'センター計', 3, 1, 4, 5, 340.5, 5500, 2, 1, 15000, -9500, -172.7],
    ['合計', '', 3, 1, 4, 5, 340.5, 5500, 2, 1, 15000, -9500, -172.7],
  ]);

  const csv = csvRecords((await get(center, `daily-sales-report?date=${date}&format=csv&encoding=sjis`)).rawPayload, 'sjis');
  t.same(csv.at(-1), ['合計', '', '3', '1', '4', '5', '340.5', '5500', '2', '1', '15000', '-9500', '-172.7'], 'the same in Shift_JIS');
  const outside = csvRecords((await get(superAdmin, `daily-sales-report?date=${date}&format=csv&department_id=${otherFleet.center}`)).rawPayload, 'utf8');
  t.same(outside.slice(1), [['合計', '', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '']], 'another center’s filter: nothing of this one');

  const refused = await get(carrier, `daily-sales-report?date=${date}&format=csv`);
  t.equal(refused.statusCode, 403, 'customers’ fees are not the carriers’ business');
});
