import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { addDays } from '../../common/deliveries.js';
import { instantOfWorkTime } from '../../common/driver-time.js';
import { csvUpload, demoApp, demoDay, departmentId, signedIn } from './helpers.js';
import type { Db } from '../../db/index.js';
import { fleetOf, makeDelivery, storesOf } from './allocation-fixtures.js';
import { assignmentFindings, plannedDay } from '../../server/allocation/work-rules.js';

type Client = (options: InjectOptions) => Promise<LightMyRequestResponse>;

// One application for the file. Each test works on its own day, far from the demo's records and
// trips, so that tests sharing the database do not see each other's writes.
const { app, db } = await demoApp(t);
const [center, branch, carrier, superAdmin] = await Promise.all(['center', 'branch', 'carrier', 'super'].map((login) => signedIn(app, login)));
const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
const driverIds = Object.fromEntries(
  (await db.selectFrom('drivers').select(['id', 'login_id']).execute()).map((d) => [d.login_id, d.id]),
) as Record<string, number>;
const toto = driverIds['toto-d01']!;
const johoku = driverIds['johoku-d01']!;
const wangan = driverIds['wangan-d01']!;
const today = demoDay;
let nextDay = 60;
/** A day of its own for each test, two months ahead (the demo's trips are within two weeks of today). */
const freshDay = () => addDays(today, nextDay++ * 3);

const at = (date: string, hhmm: string) => instantOfWorkTime(date, hhmm)!;
const sheet = (client: Client, query: string) => client({ method: 'GET', url: `/api/driver_time?${query}` });
const put = (client: Client, driverId: number, date: string, payload: Record<string, unknown>, language = 'ja') =>
  client({ method: 'PUT', url: `/api/driver_time/${driverId}/${date}`, payload, headers: { 'accept-language': language } });
const loginIds = (response: LightMyRequestResponse) => (response.json().rows as { login_id: string }[]).map((r) => r.login_id);

t.test('the day sheet: every driver in scope with the day’s record, figures, findings and totals', async (t) => {
  const date = freshDay();
  const saved = await put(center, toto, date, {
    clock_in: at(date, '07:00'),
    clock_out: at(date, '17:30'),
    breaks: [{ start: at(date, '12:00'), end: at(date, '13:00') }],
    departure_at: at(date, '08:00'),
    return_at: at(date, '16:30'),
    odometer_start: 12000,
    odometer_end: 12110,
    alcohol_check_before: 0,
    alcohol_check_after: 0,
    checker: '高橋 健',
    note: '  ',
  });
  t.equal(saved.statusCode, 200, saved.body);
  const response = await sheet(center, `date=${date}`);
  t.equal(response.statusCode, 200);
  const body = response.json();
  t.equal(body.date, date);
  const row = body.rows.find((r: { driver_id: number }) => r.driver_id === toto);
  t.match(row, {
    login_id: 'toto-d01',
    delivery_company_name: '東都運輸株式会社',
    base_department_name: '品川センター',
    binding_extension_agreement: false,
    record: { version: 1, break_minutes: 60, odometer_start: 12000, odometer_end: 12110, checker: '高橋 健', note: null, updated_by_name: '高橋 健' },
    figures: { binding: 630, worked: 570, overtime: 90, late_night: 0, driving: 450, distance: 110 },
    findings: [],
  });
  t.equal(new Date(row.record.clock_in).toISOString(), at(date, '07:00'));
  t.same(row.record.breaks.map((b: { start: string }) => new Date(b.start).toISOString()), [at(date, '12:00')]);
  const others = body.rows.filter((r: { driver_id: number }) => r.driver_id !== toto);
  t.ok(others.length > 0 && others.every((r: { record: unknown; figures: unknown }) => r.record === null && r.figures === null), 'drivers without a record that day are listed too');
  t.match(body.totals, { drivers: body.rows.length, clocked_in: 1, binding: 630, worked: 570, overtime: 90, distance: 110, warnings: 0, violations: 0 });
  t.notOk('password_hash' in row || 'token_version' in row, 'the answer is an allow-list');
});

t.test('an open day (clocked in, not out) has no figures yet, rather than 0:00; its clock-out completes them', async (t) => {
  const date = freshDay();
  const open = await put(center, toto, date, { clock_in: at(date, '07:00') });
  t.equal(open.statusCode, 200, open.body);
  t.equal(open.json().figures, null);
  const row = (await sheet(center, `date=${date}`)).json();
  t.equal(row.rows.find((r: { driver_id: number }) => r.driver_id === toto).figures, null);
  t.match(row.totals, { clocked_in: 1, binding: 0 });
  const closed = await put(center, toto, date, { clock_in: at(date, '07:00'), clock_out: at(date, '16:00'), version: open.json().record.version });
  t.equal(closed.statusCode, 200, closed.body);
  t.match(closed.json().figures, { binding: 540 });
});

t.test('scope: carriers their company, centers their subtree and the drivers on their trips, others 404', async (t) => {
  const date = freshDay();
  const ofCarrier = loginIds(await sheet(carrier, `date=${date}`));
  t.ok(ofCarrier.length > 0 && ofCarrier.every((id) => id.startsWith('toto-')), 'a carrier sees its own drivers only');
  const ofCenter = loginIds(await sheet(center, `date=${date}`));
  t.ok(ofCenter.includes('toto-d01') && !ofCenter.includes('johoku-d01'), 'a center sees the drivers based there');
  const ofBranch = loginIds(await sheet(branch, `date=${date}`));
  t.ok(ofBranch.includes('toto-d01') && ofBranch.includes('johoku-d01') && !ofBranch.includes('wangan-d01'), 'a branch sees its centers’ drivers');
  t.ok(loginIds(await sheet(superAdmin, `date=${date}`)).includes('wangan-d01'), 'super admins see all');

  // Lent for the day: an Itabashi driver on a Shinagawa trip is in Shinagawa's sheet that day only.
  await db.insertInto('vehicle_allocations').values({ date, kind: 'store_direct', department_id: shinagawa, trip_no: 1, driver_id: johoku }).execute();
  t.ok(loginIds(await sheet(center, `date=${date}`)).includes('johoku-d01'), 'a driver on the center’s trip that day is in scope');
  t.notOk(loginIds(await sheet(center, `date=${addDays(date, 1)}`)).includes('johoku-d01'), 'and not the next day');
  t.equal((await put(center, johoku, date, { clock_in: at(date, '06:00') })).statusCode, 200, 'and may be edited that day');
  t.equal((await put(center, johoku, addDays(date, 1), { clock_in: at(date, '06:00') })).statusCode, 404);

  t.equal((await put(center, wangan, date, { clock_in: at(date, '06:00') })).statusCode, 404, 'a center: another region’s driver is 404');
  t.equal((await put(carrier, johoku, date, { clock_in: at(date, '06:00') })).statusCode, 404, 'a carrier: another company’s driver is 404');
  t.equal((await put(carrier, 999_999, date, {})).statusCode, 404, 'no such driver: 404');
  const refused = await db.selectFrom('driver_work_records').select('id').where('driver_id', '=', wangan).where('date', '=', date).executeTakeFirst();
  t.equal(refused, undefined, 'nothing written out of scope');

  const filtered = loginIds(await sheet(superAdmin, `date=${date}&department_id=${shinagawa}&q=d01`));
  t.same(filtered.sort(), ['johoku-d01', 'toto-d01'], 'filters: a department (with its drivers on loan) and a keyword');
});

t.test('end after start: the specification’s message at each field, in Japanese and English', async (t) => {
  const date = freshDay();
  const wrong = {
    clock_in: at(date, '09:00'),
    clock_out: at(date, '08:59'),
    departure_at: at(date, '10:00'),
    return_at: at(date, '10:00'),
    breaks: [{ start: at(date, '12:00'), end: at(date, '11:30') }],
  };
  const ja = await put(center, toto, date, wrong);
  t.equal(ja.statusCode, 400);
  t.same(ja.json().errors, {
    clock_out: '終了時間が開始時間以降ではありません',
    return_at: '終了時間が開始時間以降ではありません',
    'breaks.0.end': '終了時間が開始時間以降ではありません',
  });
  const en = await put(center, toto, date, wrong, 'en');
  t.equal(en.json().errors.clock_out, 'End time must after start time');
  t.equal(await db.selectFrom('driver_work_records').select('id').where('driver_id', '=', toto).where('date', '=', date).executeTakeFirst(), undefined);

  // A night shift: the end on the next morning (25:30) is after a start at 20:00.
  const night = await put(center, toto, date, { clock_in: at(date, '20:00'), clock_out: at(date, '29:30') });
  t.equal(night.statusCode, 200, night.body);
  t.match(night.json().figures, { binding: 570, late_night: 420 });
});

t.test('other field rules: odometer order, alcohol 0..5 mg/L, times within the day, breaks within work', async (t) => {
  const date = freshDay();
  const response = await put(center, toto, date, {
    clock_in: at(date, '08:00'),
    clock_out: at(date, '17:00'),
    departure_at: addDays(date, 3) + 'T09:00:00+09:00',
    breaks: [{ start: at(date, '07:00'), end: at(date, '07:30') }],
    odometer_start: 500,
    odometer_end: 499,
    alcohol_check_before: 5.01,
    alcohol_check_after: -0.1,
  });
  t.equal(response.statusCode, 400);
  t.same(response.json().errors, {
    departure_at: '出庫は当日0:00から翌日23:59（47:59）までの時刻を指定してください。',
    'breaks.0.start': '休憩は出勤から退勤までの間で入力してください。',
    odometer_end: '帰庫メーターは出庫メーター以上の値を入力してください。',
    alcohol_check_before: 'アルコール（乗務前）は0〜5 mg/Lの範囲で入力してください。',
    alcohol_check_after: 'アルコール（乗務後）は0〜5 mg/Lの範囲で入力してください。',
  });
  const typo = await put(center, toto, date, { clock_in: '8:00', colour: 'red' });
  t.equal(typo.statusCode, 400, 'the schema refuses a time without a date and an unknown field');
  t.ok(typo.json().errors.clock_in && typo.json().errors.colour);
});

t.test('versions: a create, an update, and a stale write refused naming who changed it', async (t) => {
  const date = freshDay();
  const created = await put(center, toto, date, { version: 0, clock_in: at(date, '06:00') });
  t.equal(created.json().record.version, 1);
  const again = await put(carrier, toto, date, { clock_in: at(date, '06:10') });
  t.equal(again.statusCode, 409, 'a second create of the same day is stale');
  t.equal(again.json().message, '高橋 健さんがこの出退勤記録を更新しました。画面を再読み込みしてから操作してください。');

  const updated = await put(carrier, toto, date, { version: 1, clock_out: at(date, '15:00') });
  t.equal(updated.statusCode, 200);
  t.match(updated.json().record, { version: 2, updated_by_name: '田中 誠', break_minutes: 0 });
  t.equal(new Date(updated.json().record.clock_in).toISOString(), at(date, '06:00'), 'absent fields keep their values');

  const stale = await put(center, toto, date, { version: 1, clock_out: at(date, '16:00') });
  t.equal(stale.statusCode, 409);
  t.match(stale.json().message, /田中 誠/);
  const en = await put(center, toto, date, { version: 1 }, 'en');
  t.equal(en.json().message, '田中 誠 has updated this working day. Reload the screen and try again.');

  // The driver app's clock out clears the admin: the next stale write names the driver.
  await db.updateTable('driver_work_records').set({ updated_by: null, version: 3 }).where('driver_id', '=', toto).where('date', '=', date).execute();
  const driverName = (await db.selectFrom('drivers').select('name').where('id', '=', toto).executeTakeFirstOrThrow()).name;
  const byDriver = await put(center, toto, date, { version: 2 });
  t.equal(byDriver.json().message, `${driverName}さんがドライバーアプリからこの出退勤記録を更新しました。画面を再読み込みしてから操作してください。`);
  t.equal((await put(center, toto, addDays(date, 1), { version: 4 })).statusCode, 409, 'a version for a day never created is stale');
});

t.test('the 2024 rules: a 15 h 1 min day is a violation, 15 h a warning, with the rule and its figures', async (t) => {
  const date = freshDay();
  const next = addDays(date, 1);
  const long = await put(center, toto, date, { clock_in: at(date, '05:00'), clock_out: at(date, '20:01'), break_minutes: 60 });
  t.equal(long.statusCode, 200);
  t.match(long.json().figures, { binding: 901, worked: 841, overtime: 361 });
  t.match(long.json().findings, [{ rule: 'dailyBinding', level: 'violation', date, figures: { binding: 901, limit: 900 } }]);

  const fifteen = await put(center, toto, next, { clock_in: at(next, '07:00'), clock_out: at(next, '22:00') });
  const findings = fifteen.json().findings as { rule: string; level: string }[];
  t.ok(findings.some((f) => f.rule === 'dailyBinding' && f.level === 'warning'), 'exactly 15 h warns');
  t.ok(findings.some((f) => f.rule === 'restBetweenShifts' && f.level === 'warning'), 'and 10 h 59 min of rest (20:01 → 07:00) warns');

  const page = (await sheet(center, `date=${date}`)).json();
  const row = page.rows.find((r: { driver_id: number }) => r.driver_id === toto);
  t.match(row.findings, [{ rule: 'dailyBinding', level: 'violation' }], 'the page shows the same findings');
  t.equal(page.totals.violations, 1);
});

t.test('attendance: clock in and each trip’s departure against the plan, late ones with their delay', async (t) => {
  const date = freshDay();
  const [late, onTime, waiting] = await db
    .insertInto('vehicle_allocations')
    .values([
      { date, kind: 'store_direct', department_id: shinagawa, trip_no: 1, driver_id: toto, planned_departure: at(date, '08:00'), departed_at: at(date, '08:25'), status: 2 },
      { date, kind: 'store_direct', department_id: shinagawa, trip_no: 2, driver_id: toto, planned_departure: at(date, '13:00'), departed_at: at(date, '13:04'), status: 2 },
      { date, kind: 'store_direct', department_id: shinagawa, trip_no: 3, driver_id: toto, planned_departure: at(date, '47:00'), status: 0 },
      { date, kind: 'store_direct', department_id: shinagawa, trip_no: 4, driver_id: toto, planned_departure: at(date, '09:00'), status: 9 },
    ])
    .returning('id')
    .execute();
  await put(center, toto, date, { clock_in: at(date, '07:30') });
  const response = await center({ method: 'GET', url: `/api/driver_attendance?date=${date}` });
  t.equal(response.statusCode, 200);
  const body = response.json();
  const row = body.rows.find((r: { driver_id: number }) => r.driver_id === toto);
  t.equal(new Date(row.clock_in).toISOString(), at(date, '07:30'));
  t.match(row.trips, [
    { id: late!.id, trip_no: 1, state: 'late', delay_minutes: 25, department_name: '品川センター' },
    { id: onTime!.id, state: 'on_time', delay_minutes: 4 },
    { id: waiting!.id, state: 'waiting', delay_minutes: null },
  ]);
  t.equal(row.trips.length, 3, 'a cancelled trip is left out');
  t.match(body.totals, { trips: 3, departed: 2, late: 1, attended: 1 });
  t.equal((await carrier({ method: 'GET', url: `/api/driver_attendance?date=${date}` })).json().rows.some((r: { driver_id: number }) => r.driver_id === johoku), false);
  const unreal = await center({ method: 'GET', url: '/api/driver_attendance?date=2026-02-30' });
  t.equal(unreal.statusCode, 400);
  t.ok(unreal.json().errors.date, 'a day that does not exist is refused naming the field');
  t.equal((await put(center, toto, '2026-13-01', {})).statusCode, 400);
});

t.test('the 310 h agreement: set on the driver master, it lifts the monthly binding limit from 284 h', async (t) => {
  // 22 days of exactly 13 h in June 2031 (286 h), far from the other tests' days; each rest exactly 11 h.
  const days = Array.from({ length: 22 }, (_, i) => `2031-06-${String(i + 1).padStart(2, '0')}`);
  for (const date of days) {
    const saved = await put(superAdmin, toto, date, { clock_in: at(date, '07:00'), clock_out: at(date, '20:00') });
    t.equal(saved.statusCode, 200, saved.body);
  }
  const last = days.at(-1)!;
  const monthly = async () => {
    const row = (await sheet(superAdmin, `date=${last}`)).json().rows.find((r: { driver_id: number }) => r.driver_id === toto);
    const findings = (row.findings as { rule: string; level: string; figures: Record<string, number> }[]).filter((f) => f.rule === 'monthlyBinding');
    return { agreement: row.binding_extension_agreement, findings: findings.map((f) => ({ level: f.level, ...f.figures })) };
  };
  t.same(await monthly(), { agreement: false, findings: [{ level: 'violation', binding: 286 * 60, limit: 284 * 60 }] }, 'over 284 h violates');

  const driver = (await superAdmin({ method: 'GET', url: `/api/driver/${toto}` })).json();
  t.equal(driver.binding_extension_agreement, false, 'the master shows the switch');
  const refused = await superAdmin({ method: 'PATCH', url: `/api/driver/${toto}`, payload: { binding_extension_agreement: 'yes', version: driver.version } });
  t.equal(refused.statusCode, 400, 'a switch takes true or false');
  t.ok(refused.json().errors.binding_extension_agreement, 'the refusal names the field');
  const patched = await superAdmin({ method: 'PATCH', url: `/api/driver/${toto}`, payload: { binding_extension_agreement: true, version: driver.version } });
  t.equal(patched.statusCode, 200, patched.body);
  t.equal(patched.json().binding_extension_agreement, true);
  t.same(await monthly(), { agreement: true, findings: [] }, 'with the agreement 286 h is within 310 h');

  // The drivers' CSV carries it too: 1/0 or true/false; a column left out of a file changes nothing.
  const wrong = await superAdmin({ method: 'POST', url: '/api/driver/check_file_import', ...csvUpload('login_id,binding_extension_agreement\r\ntoto-d01,yes\r\n') });
  t.match(wrong.json(), { ok: false, errors: [{ row: 2, field: '労使協定（月の拘束310時間まで）' }] }, 'a wrong cell is refused, naming its row and column');
  const imported = await superAdmin({ method: 'POST', url: '/api/driver/import', ...csvUpload('login_id,binding_extension_agreement\r\ntoto-d01,0\r\n') });
  t.match(imported.json(), { ok: true, updated: 1 }, imported.body);
  t.same(await monthly(), { agreement: false, findings: [{ level: 'violation', binding: 286 * 60, limit: 284 * 60 }] }, 'switched off by the file');
});

// Working-time rules at assignment: the warnings a trip stores.
// (A test of its own, its application made inside it: at the top level, the file's other tests could all
// end while this one's database was still being made, and tap refuses subtests after its root has ended.)
t.test('working-time rules at assignment: the warnings a trip stores', async (t) => {
  /**
   * The assignment check: a trip's planned times with its driver's recorded days and other planned
   * trips against the 2024 working-time rules; findings stored on the trip as warnings, saving allowed.
   */
  type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
  type Warning = { code: string; params?: Record<string, string | number> };

  const { app, db } = await demoApp(t);
  const center: Api = await signedIn(app, 'center');
  const fleet = await fleetOf(db, 'CT-SHINAGAWA');
  const stores = await storesOf(db, 'CT-SHINAGAWA');

  const at = (date: string, time: string) => `${date}T${time}:00+09:00`;
  const ours = (warnings: Warning[]) => warnings.filter((w) => w.code.startsWith('workRules.'));

  async function record(dbh: Db, driverId: number, date: string, clockIn: string, clockOut: string) {
    await dbh
      .insertInto('driver_work_records')
      .values({ driver_id: driverId, date, clock_in: at(date, clockIn), clock_out: at(date, clockOut), departure_at: at(date, clockIn), return_at: at(date, clockOut) })
      .execute();
  }

  async function create(body: Record<string, unknown>) {
    const response = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { kind: 'store_direct', department_id: fleet.center, ...body } });
    if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  const stored = async (id: number) => (await db.selectFrom('vehicle_allocations').select('warnings').where('id', '=', id).executeTakeFirstOrThrow()).warnings;

  t.test('a planned trip making 15 h 1 min of binding with the recorded day stores a violation; saving succeeds', async (t) => {
    const date = freshDay();
    const driver = fleet.drivers[0]!;
    await record(db, driver.id, date, '05:00', '11:00');
    const trip = await create({ date, driver_id: driver.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
    const expected = { code: 'workRules.dailyBinding', params: { level: 'violation', date, binding: 901, limit: 900 } };
    t.same(ours(trip.warnings), [expected], 'in the create response');
    t.same(ours(await stored(trip.id)), [expected], 'stored on the trip');
    const shown = await center({ method: 'GET', url: `/api/vehicle_allocation/${trip.id}` });
    t.same(ours(shown.json().warnings), [expected], 'in the trip as read back');

    // One minute earlier: 15 h exactly is a warning; back to 17:00 (12 h) clears it.
    const fifteen = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: trip.version, planned_arrival: at(date, '20:00') } });
    t.equal(fifteen.statusCode, 200);
    t.same(ours(fifteen.json().warnings), [{ code: 'workRules.dailyBinding', params: { level: 'warning', date, binding: 900, limit: 780 } }]);
    const short = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: fifteen.json().version, planned_arrival: at(date, '17:00') } });
    t.same(ours(short.json().warnings), []);
  });

  t.test('a harmless trip stores none; a driver removed takes the warnings away', async (t) => {
    const date = freshDay();
    const driver = fleet.drivers[1]!;
    await record(db, driver.id, addDays(date, -1), '06:00', '15:00');
    const harmless = await create({ date, driver_id: driver.id, planned_loading_start: at(date, '08:00'), planned_arrival: at(date, '16:00') });
    t.same(ours(harmless.warnings), []);
    t.same(ours(await stored(harmless.id)), []);

    // Too little rest after a recorded day (15:00 → 23:30 is 8 h 30 min): a violation on the trip's day,
    // which is the trip's date even though it starts the evening before.
    const [recorded, next] = [addDays(date, 3), addDays(date, 4)];
    await record(db, driver.id, recorded, '06:00', '15:00');
    const other = await create({ date: next, driver_id: fleet.drivers[2]!.id, planned_loading_start: at(recorded, '23:30'), planned_arrival: at(next, '05:00') });
    t.same(ours(other.warnings), [], 'another driver: nothing');
    const early = await create({ date: next, driver_id: driver.id, planned_loading_start: at(recorded, '23:30'), planned_arrival: at(next, '05:00') });
    // The recorded day's 24 h from 06:00 also take in 23:30-05:00: 9 h + 5 h 30 min, a warning on the day before.
    t.same(ours(early.warnings), [
      { code: 'workRules.dailyBinding', params: { level: 'warning', date: recorded, binding: 870, limit: 780 } },
      { code: 'workRules.restBetweenShifts', params: { level: 'violation', date: next, rest: 510, limit: 540 } },
    ]);
    const removed = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${early.id}`, payload: { version: early.version, driver_id: null } });
    t.equal(removed.statusCode, 200);
    t.same(ours(removed.json().warnings), []);
  });

  t.test('rebuilding the stops keeps the working-time warnings beside the stops’ summary', async (t) => {
    const date = freshDay();
    const driver = fleet.drivers[3] ?? fleet.drivers[0]!;
    await record(db, driver.id, date, '04:00', '10:00');
    const trip = await create({ date, driver_id: driver.id, direction_id: stores[0]!.direction_id, planned_loading_start: at(date, '10:30'), planned_departure: at(date, '11:00'), planned_arrival: at(date, '19:30') });
    t.same(ours(trip.warnings).map((w) => [w.code, w.params?.level]), [['workRules.dailyBinding', 'violation']]);
    const delivery = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: stores[0]!.id });
    const put = await center({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, payload: { version: trip.version, stops: [{ delivery_id: delivery.id, seq: 1 }] } });
    t.equal(put.statusCode, 200, put.body);
    t.same(ours(put.json().warnings).map((w) => [w.code, w.params?.level]), [['workRules.dailyBinding', 'violation']]);
  });

  t.test('what a trip brings: only findings that are not there without it, one per rule, no continuous driving', async (t) => {
    const day = (date: string, from: string, to: string) => ({
      date,
      clockIn: new Date(at(date, from)).toISOString(),
      clockOut: new Date(at(date, to)).toISOString(),
      breaks: [],
      breakMinutes: 0,
      departureAt: new Date(at(date, from)).toISOString(),
      returnAt: new Date(at(date, to)).toISOString(),
    });
    // A November already over 284 h (22 days of 13 h = 286 h) before the trip.
    const november = Array.from({ length: 22 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`, '06:00', '19:00'));
    const trip = plannedDay({ date: '2026-11-28', planned_loading_start: new Date(at('2026-11-28', '08:00')), planned_departure: null, planned_arrival: new Date(at('2026-11-28', '14:00')) })!;
    const brought = assignmentFindings(november, trip, false);
    t.same(
      brought.map((f) => [f.rule, f.level, f.date, f.figures.binding]),
      [['monthlyBinding', 'violation', '2026-11-28', 286 * 60 + 360]],
      'a day added to an exceeded month is flagged on that day; the 6 h of driving is not judged as continuous',
    );
    t.same(assignmentFindings(november, trip, true), [], 'with the agreement (310 h) it is within');
    // The day before already violated on its own: the trip, on a day apart, brings nothing for it.
    const alone = [day('2026-12-01', '04:00', '20:00')];
    const apart = plannedDay({ date: '2026-12-02', planned_loading_start: new Date(at('2026-12-02', '08:00')), planned_departure: null, planned_arrival: new Date(at('2026-12-02', '12:00')) })!;
    t.same(assignmentFindings(alone, apart, false), []);
  });

  t.test('the form asks before saving: the warnings the trip would carry, nothing written', async (t) => {
    const date = freshDay();
    const driver = fleet.drivers[0]!;
    await record(db, driver.id, date, '05:00', '11:00');
    const ask = (body: Record<string, unknown>) => center({ method: 'POST', url: '/api/vehicle_allocation/work_rules', payload: { date, driver_id: driver.id, ...body } });
    const violating = await ask({ planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
    t.equal(violating.statusCode, 200);
    t.same(violating.json(), { warnings: [{ code: 'workRules.dailyBinding', params: { level: 'violation', date, binding: 901, limit: 900 } }] });
    t.same((await ask({ planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '17:00') })).json(), { warnings: [] });
    t.same((await ask({ planned_loading_start: null, planned_arrival: at(date, '17:00') })).json(), { warnings: [] }, 'incomplete times: nothing to check');

    // Editing a saved trip: it is left out of the driver's other trips (else it would overlap itself).
    const saved = await create({ date, driver_id: driver.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '17:00') });
    const moved = await ask({ trip_id: saved.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
    t.same(moved.json().warnings.map((w: Warning) => w.params?.binding), [901]);
    // Another trip (the saved one, 12:00-17:00) counts: with it, 05:00-18:00 is 13 h exactly, 18:01 is over.
    t.same((await ask({ planned_loading_start: at(date, '17:00'), planned_arrival: at(date, '18:00') })).json(), { warnings: [] });
    const over = await ask({ planned_loading_start: at(date, '17:00'), planned_arrival: at(date, '18:01') });
    t.same(over.json().warnings, [{ code: 'workRules.dailyBinding', params: { level: 'warning', date, binding: 781, limit: 780 } }]);

    // A driver the caller cannot see: 400 naming the field.
    const elsewhere = await db
      .selectFrom('drivers')
      .select('id')
      .where('base_department_id', '<>', fleet.center)
      .where('delivery_company_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const hidden = await ask({ driver_id: elsewhere.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
    t.equal(hidden.statusCode, 400);
    t.same(Object.keys(hidden.json().errors ?? {}), ['driver_id']);
    t.equal((await ask({ planned_arrival: 'tomorrow' })).statusCode, 400);
  });
});
