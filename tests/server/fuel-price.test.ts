import t from 'tap';
import { DEFAULT_FUEL_PRICE } from '../../common/reports.js';
import { dayAfterDemo, demoApp, departmentId, signedIn } from './helpers.js';

// 日次経費's 軽油単価, remembered per center on the server (server/reports/fuel-prices.ts): the form starts
// from the center's last price, else from the stated default (「既定値」).
const { app, db } = await demoApp(t);
const [center, hq, carrier] = await Promise.all(['center', 'hq', 'carrier'].map((login) => signedIn(app, login)));
const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
const itabashi = await departmentId(db, 'CT-ITABASHI');
const date = dayAfterDemo(40);

type Api = typeof center;
const starting = async (api: Api, query = '') => {
  const response = await api({ method: 'GET', url: `/api/report/daily-expense/fuel-price${query}` });
  t.equal(response.statusCode, 200, response.body);
  return response.json() as { fuel_price: number; source: string };
};
const download = (api: Api, price: number, query = '') => api({ method: 'GET', url: `/api/report/daily-expense?date=${date}&fuel_price=${price}&format=csv${query}` });

t.test('a center that never entered a price starts from the default, 170 円/L', async (t) => {
  t.equal(DEFAULT_FUEL_PRICE, 170);
  t.same(await starting(center), { fuel_price: 170, source: 'default' });
  t.same(await starting(hq, `?department_id=${shinagawa}`), { fuel_price: 170, source: 'default' });
});

t.test('the price a report was downloaded with is the center’s next starting price; the last one wins', async (t) => {
  t.equal((await download(center, 158)).statusCode, 200);
  t.same(await starting(center), { fuel_price: 158, source: 'center' }, 'the center user’s own center');
  t.same(await starting(hq, `?department_id=${shinagawa}`), { fuel_price: 158, source: 'center' }, 'read by 本社 for 品川');
  t.same(await starting(hq, `?department_id=${itabashi}`), { fuel_price: 170, source: 'default' }, 'another center keeps the default');
  t.equal((await download(hq, 181, `&department_id=${itabashi}`)).statusCode, 200);
  t.same(await starting(center, `?department_id=${shinagawa}`), { fuel_price: 158, source: 'center' }, 'per center: 板橋’s price is not 品川’s');
  t.same(await starting(hq, `?department_id=${itabashi}`), { fuel_price: 181, source: 'center' });
  t.equal((await download(center, 163)).statusCode, 200);
  t.same(await starting(center), { fuel_price: 163, source: 'center' }, 'the last entry wins');
  const row = await db.selectFrom('fuel_prices').selectAll().where('department_id', '=', shinagawa).executeTakeFirstOrThrow();
  t.equal(row.price, 163, 'kept in the database, not in a browser');
});

t.test('outside the caller’s scope or without a department: the default, and nothing is kept', async (t) => {
  t.same(await starting(center, `?department_id=${itabashi}`), { fuel_price: 170, source: 'default' }, '品川’s user does not read 板橋’s price');
  t.same(await starting(carrier), { fuel_price: 170, source: 'default' }, 'a carrier has no center');
  const before = await db.selectFrom('fuel_prices').selectAll().orderBy('department_id').execute();
  await download(carrier, 199);
  t.same(await db.selectFrom('fuel_prices').selectAll().orderBy('department_id').execute(), before, 'a carrier’s download keeps nothing');
  const refused = await center({ method: 'GET', url: '/api/report/daily-expense/fuel-price?department_id=abc' });
  t.equal(refused.statusCode, 400);
});
