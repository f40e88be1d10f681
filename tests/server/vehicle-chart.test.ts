import t from 'tap';
import { allocationWorld, at, makeTrip, putStops } from './allocation-fixtures.js';
import { dayAfterDemo } from './helpers.js';
import { compact, pdfPages } from './report-files.js';

// 配車表 (the report `vehicle-chart`, printed from the board's 「配車表印刷」): the day by vehicle, A4 landscape.

const { db, center, fleet, newTrip, deliveriesFor } = await allocationWorld(t);
const get = (path: string, language = 'ja') => center({ method: 'GET', url: `/api/report/${path}`, headers: { 'accept-language': language } });

/** The page sizes a PDF declares (Chromium writes its page objects uncompressed): [width, height] in points. */
const mediaBoxes = (bytes: Buffer) => [...bytes.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);

t.test('配車表: one A4 landscape page per center, a row per vehicle (free ones too), each trip a bar with its 便, direction and load', async (t) => {
  const date = dayAfterDemo(21);
  const [first, second] = fleet.vehicles;
  const morning = await newTrip(center, date, {
    vehicle_id: first!.id,
    driver_id: fleet.drivers[0]!.id,
    planned_loading_start: at(date, '06:00'),
    planned_departure: at(date, '07:00'),
    planned_arrival: at(date, '11:30'),
  });
  const [a, b] = await deliveriesFor(date, [{ store: 0, quantity: 2, weight: 250 }, { store: 1, quantity: 1, weight: 120 }]);
  const stops = await putStops(center, morning, [a!.id, b!.id]);
  t.equal(stops.statusCode, 200, stops.body);
  // The same vehicle's second round (2回転目), and a transfer to another center.
  const afternoon = await newTrip(center, date, {
    vehicle_id: first!.id,
    driver_id: fleet.drivers[0]!.id,
    planned_loading_start: at(date, '12:30'),
    planned_departure: at(date, '13:00'),
    planned_arrival: at(date, '16:00'),
  });
  const yokohama = await db.selectFrom('departments').select('id').where('code', '=', 'CT-YOKOHAMA').executeTakeFirstOrThrow();
  await makeTrip(db, {
    date,
    department_id: fleet.center,
    kind: 'between_centers_today',
    trip_no: 77,
    origin_department_id: fleet.center,
    destination_department_id: yokohama.id,
    vehicle_id: second!.id,
    planned_loading_start: at(date, '20:00'),
    planned_departure: at(date, '20:30'),
    planned_arrival: at(date, '23:30'),
  });

  const response = await get(`vehicle-chart?date=${date}&department_id=${fleet.center}&format=pdf`);
  t.equal(response.statusCode, 200, response.body.slice(0, 200));
  t.equal(response.headers['content-type'], 'application/pdf');
  t.match(response.headers['content-disposition'], `vehicle-chart_${date}.pdf`);
  const boxes = mediaBoxes(response.rawPayload);
  t.ok(boxes.length > 0, 'the PDF declares its page size');
  for (const [width, height] of boxes) {
    t.ok(Math.abs(width! - 841.89) < 1.5 && Math.abs(height! - 595.28) < 1.5, `A4 landscape (297 × 210 mm): ${width} × ${height}`);
  }
  const pages = await pdfPages(response.rawPayload);
  t.equal(pages.length, 1, 'one page for the center');
  const [page] = pages;
  const direction = (await db.selectFrom('vehicle_allocations').select('direction_id').where('id', '=', morning.id).executeTakeFirstOrThrow()).direction_id;
  const directionName = direction === null ? null : (await db.selectFrom('directions').select('name').where('id', '=', direction).executeTakeFirstOrThrow()).name;
  for (const expected of ['配車表', '品川センター', date.replaceAll('-', '/'), `便${morning.trip_no}`, '06:00–11:30', '3パレット・370kg', `便${afternoon.trip_no}`, '2回転目', '便77', '→横浜センター', '20:00–23:30']) {
    t.match(page, compact(expected), expected);
  }
  if (directionName) t.match(page, compact(directionName), 'the trip’s direction');
  for (const vehicle of fleet.vehicles) t.match(page, compact(vehicle.vehicle_number), `every vehicle of the center has its row: ${vehicle.vehicle_number}`);
  t.match(page, compact('04050607080910111213141516171819202122 23'), 'the hours from 04:00, past 22:00 to the late transfer’s arrival');

  const english = await pdfPages((await get(`vehicle-chart?date=${date}&department_id=${fleet.center}&format=pdf`, 'en')).rawPayload);
  t.match(english[0], compact('Vehicle chart'));
  t.match(english[0], compact('Round 2'));

  t.equal((await get(`vehicle-chart?date=${dayAfterDemo(22)}&department_id=${fleet.center}&format=pdf`)).statusCode, 404, 'a day without trips: nothing to print');
});
