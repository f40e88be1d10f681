import type { Db } from '../../db/index.js';

/** Ids of demo rows, by the codes the demo data gives them. */
export async function demoIds(db: Db) {
  const id = async (table: 'departments' | 'delivery_companies' | 'vehicle_types' | 'directions' | 'districts' | 'customers', code: string) =>
    (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  return {
    tokyo: await id('departments', 'BR-TOKYO'),
    shinagawa: await id('departments', 'CT-SHINAGAWA'),
    itabashi: await id('departments', 'CT-ITABASHI'),
    toto: await id('delivery_companies', 'DC-TOTO'),
    fourTon: await id('vehicle_types', 'VT-4T'),
    direction: await id('directions', 'DIR-001'),
    district: await id('districts', 'SHI-D1'),
    customer: await id('customers', 'CU-MAINICHI'),
  };
}

type Ids = Awaited<ReturnType<typeof demoIds>>;

export interface Sample {
  /** a valid body for POST */
  create: Record<string, unknown>;
  /** a change for PATCH, and a text the search finds */
  patch: Record<string, unknown>;
  /** one valid CSV row (column key → cell) */
  csv: Record<string, string>;
}

/** One valid record per master, for the table-driven tests. */
export const SAMPLES: Record<string, (ids: Ids) => Sample> = {
  department: (ids) => ({
    create: { code: 'T-DEPT', name: '江東センター', level: 4, parent_id: ids.tokyo, postal_code: '135-0052' },
    patch: { name: '江東第二センター' },
    csv: { code: 'T-CSV', name: '千住センター', level: '4', parent_code: 'BR-TOKYO' },
  }),
  delivery_company: (ids) => ({
    create: { code: 'T-DC', name: '試験運送株式会社', department_id: ids.shinagawa, invoice_registration_number: 'T1234567890123' },
    patch: { name: '試験運輸株式会社' },
    csv: { code: 'T-DC2', name: '城東運送株式会社', department_code: 'CT-SHINAGAWA', invoice_registration_number: 'T9876543210987' },
  }),
  vehicle_type: () => ({
    create: { code: 'T-3T', name: '3t車', max_loading_capacity: 3000, pallet_capacity: 6, cage_cart_capacity: 12 },
    patch: { name: '3t ワイド' },
    csv: { code: 'T-8T', name: '8t車', max_loading_capacity: '8000', pallet_capacity: '12', cage_cart_capacity: '24' },
  }),
  vehicle: (ids) => ({
    create: { vehicle_number: '品川 500 さ 11-22', vehicle_type_id: ids.fourTon, delivery_company_id: ids.toto, base_department_id: ids.shinagawa, avg_fuel_economy: 7.5 },
    patch: { avg_fuel_economy: 8.1 },
    csv: { vehicle_number: '品川 501 さ 33-44', vehicle_type_code: 'VT-2T', delivery_company_code: 'DC-TOTO', base_department_code: 'CT-SHINAGAWA' },
  }),
  user: (ids) => ({
    create: { name: '試験 太郎', login_id: 't-user', password: 'password-1', type: 2, department_id: ids.shinagawa, email: 't-user@example.jp' },
    patch: { name: '試験 次郎' },
    csv: { login_id: 't-user2', name: '試験 花子', password: 'password-2', type: '3', department_code: 'CT-SHINAGAWA' },
  }),
  driver: (ids) => ({
    create: { name: '試験 運転手', name_kana: 'シケン ウンテンシュ', login_id: 't-driver', delivery_company_id: ids.toto, employment_type: 0 },
    patch: { phone: '090-1111-2222' },
    csv: { login_id: 't-driver2', name: '試験 二号', delivery_company_code: 'DC-TOTO', employment_type: '1', hourly_wage: '1300' },
  }),
  delivery_destination: (ids) => ({
    create: {
      delivery_code: 'T-ST1',
      customer_company_name: 'まいにちマート株式会社',
      customer_store_name: 'まいにちマート 品川駅前店',
      customer_address: '東京都品川区北品川1-1-1',
      latitude: 35.62,
      longitude: 139.74,
      delivery_type: 1,
      direction_id: ids.direction,
      start_time: '06:00',
      ending_time: '11:00',
    },
    patch: { comment: '裏口から搬入' },
    csv: {
      delivery_code: 'T-ST2',
      customer_company_name: 'まいにちマート株式会社',
      customer_store_name: 'まいにちマート 大井町店',
      customer_address: '東京都品川区大井1-2-3',
      delivery_type: '1',
      latitude: '35.606',
      longitude: '139.734',
      direction_code: 'DIR-001',
    },
  }),
  district: (ids) => ({
    create: { code: 'T-DIS', name: '臨海', department_id: ids.shinagawa },
    patch: { name: '臨海副都心' },
    csv: { code: 'T-DIS2', name: '城東', department_code: 'CT-SHINAGAWA' },
  }),
  direction: (ids) => ({
    create: { code: 'T-DIR', name: '江東区方面', department_id: ids.shinagawa, district_id: ids.district },
    patch: { name: '江東区北部方面' },
    csv: { code: 'T-DIR2', name: '江戸川区方面', department_code: 'CT-SHINAGAWA', district_code: 'SHI-D1' },
  }),
  direction_base: (ids) => ({
    create: { direction_id: ids.direction, base_department_id: ids.itabashi, trips_per_day: 2 },
    patch: { trips_per_day: 3 },
    csv: { direction_code: 'DIR-002', base_department_code: 'CT-ITABASHI', trips_per_day: '1', vehicle_type_code: 'VT-4T' },
  }),
  operation_time: () => ({
    create: {},
    patch: { work_end: '19:00' },
    csv: { department_code: 'CT-SHINAGAWA', delivery_type: '0', work_start: '04:30', loading_start: '05:30', departure: '07:30', work_end: '16:30' },
  }),
  customer: () => ({
    create: { code: 'T-CU', name: '試験商事株式会社', billing_closing_day: 31 },
    patch: { name: '試験商事ホールディングス' },
    csv: { code: 'T-CU2', name: 'みなと食品株式会社', billing_closing_day: '15' },
  }),
  unit_price: (ids) => ({
    create: { vehicle_type_id: ids.fourTon, kind: 0, price_per_trip: 12000, price_per_km: 70, effective_from: '2027-04-01' },
    patch: { price_per_trip: 12500 },
    csv: { vehicle_type_code: 'VT-2T', kind: '1', price_per_trip: '10500', price_per_km: '55', effective_from: '2027-04-01' },
  }),
};
