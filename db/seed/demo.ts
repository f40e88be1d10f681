import { tokyoToday } from '../../common/deliveries.js';
import type { Db } from '../index.js';
import type { NewDepartment } from '../types.js';
import { seedNetwork } from './network.js';
import { seedOperations } from './operations.js';
import { seedTransfers } from './transfers.js';
import { seedShares } from './shares.js';

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts the README lists; every one has the password demo1234. */
export const DEMO_ACCOUNTS = [
  { login_id: 'super', name: '山田 太郎', type: 1, department: 'HQ', note: 'super admin, level 1' },
  { login_id: 'hq', name: '佐藤 花子', type: 2, department: 'HQ', note: 'admin, headquarters (level 1)' },
  { login_id: 'branch', name: '鈴木 一郎', type: 3, department: 'BR-TOKYO', note: 'allocation staff, branch (level 3)' },
  { login_id: 'center', name: '高橋 健', type: 2, department: 'CT-SHINAGAWA', note: 'admin, center (level 4)' },
  { login_id: 'carrier', name: '田中 誠', type: 2, company: 'DC-TOTO', note: 'delivery company (level 5)' },
] as const;

type DemoDepartment = Omit<NewDepartment, 'parent_id'> & { parent?: string };

const DEPARTMENTS: DemoDepartment[] = [
  { code: 'HQ', name: '本社', level: 1, postal_code: '100-0005', address: '東京都千代田区丸の内1-9-1', phone: '03-3211-0001', latitude: 35.6812, longitude: 139.7671 },
  { code: 'DV-KANTO', name: '関東事業部', level: 2, parent: 'HQ', postal_code: '105-0022', address: '東京都港区海岸1-2-3', phone: '03-5403-1000', latitude: 35.6551, longitude: 139.7571 },
  { code: 'DV-KANSAI', name: '関西事業部', level: 2, parent: 'HQ', postal_code: '530-0001', address: '大阪府大阪市北区梅田3-1-1', phone: '06-6345-2000', latitude: 34.7025, longitude: 135.4959 },
  { code: 'BR-TOKYO', name: '東京支店', level: 3, parent: 'DV-KANTO', postal_code: '135-0064', address: '東京都江東区青海2-4-32', phone: '03-3599-3000', latitude: 35.6195, longitude: 139.7797 },
  { code: 'BR-KANAGAWA', name: '神奈川支店', level: 3, parent: 'DV-KANTO', postal_code: '220-0011', address: '神奈川県横浜市西区高島2-19-12', phone: '045-453-4000', latitude: 35.4657, longitude: 139.6223 },
  { code: 'BR-OSAKA', name: '大阪支店', level: 3, parent: 'DV-KANSAI', postal_code: '559-0034', address: '大阪府大阪市住之江区南港北1-14-16', phone: '06-6613-5000', latitude: 34.6383, longitude: 135.4147 },
  { code: 'CT-SHINAGAWA', name: '品川センター', level: 4, parent: 'BR-TOKYO', postal_code: '140-0002', address: '東京都品川区東品川5-6-1', phone: '03-3450-6001', latitude: 35.6148, longitude: 139.7496 },
  { code: 'CT-ITABASHI', name: '板橋センター', level: 4, parent: 'BR-TOKYO', postal_code: '175-0082', address: '東京都板橋区高島平6-1-1', phone: '03-3936-6002', latitude: 35.7893, longitude: 139.6587 },
  { code: 'CT-YOKOHAMA', name: '横浜センター', level: 4, parent: 'BR-KANAGAWA', postal_code: '236-0003', address: '神奈川県横浜市金沢区幸浦2-8-1', phone: '045-785-6003', latitude: 35.3536, longitude: 139.6451 },
  { code: 'CT-NANKO', name: '大阪南港センター', level: 4, parent: 'BR-OSAKA', postal_code: '559-0031', address: '大阪府大阪市住之江区南港東2-4-1', phone: '06-6612-6004', latitude: 34.6312, longitude: 135.4306 },
];

const COMPANIES = [
  { code: 'DC-TOTO', name: '東都運輸株式会社', name_kana: 'トウトウンユ', postal_code: '143-0006', address: '東京都大田区平和島2-1-1', phone: '03-3766-7001', email: 'haisha@toto-unyu.example.jp', department: 'CT-SHINAGAWA', invoice_registration_number: 'T1010401012345' },
  { code: 'DC-WANGAN', name: '湾岸ロジスティクス株式会社', name_kana: 'ワンガンロジスティクス', postal_code: '231-0801', address: '神奈川県横浜市中区新山下3-2-1', phone: '045-621-7002', email: 'info@wangan-logi.example.jp', department: 'CT-YOKOHAMA', invoice_registration_number: 'T2020001067890' },
];

/** The day (Tokyo) the demo data was loaded around, read from its first account; null when there is none. */
export async function demoLoadedOn(db: Db): Promise<string | null> {
  const row = await db.selectFrom('users').select('created_at').where('login_id', '=', DEMO_ACCOUNTS[0].login_id).executeTakeFirst();
  return row ? tokyoToday(row.created_at) : null;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('departments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * Loads the demo network; `passwordHash` is the hash of DEMO_PASSWORD (hashed once by the caller).
 * Its deliveries, trips, transfers and shares lie around the day of `asOf` in Tokyo; that day's trips are
 * as far as they have got by `asOf` (db/seed/operations.ts).
 */
export async function seedDemo(db: Db, passwordHash: string, asOf = new Date()): Promise<void> {
  const today = tokyoToday(asOf);
  await db.transaction().execute(async (trx) => {
    const departmentIds = new Map<string, number>();
    for (const { parent, ...department } of DEPARTMENTS) {
      const parent_id = parent ? departmentIds.get(parent) : null;
      const row = await trx.insertInto('departments').values({ ...department, parent_id }).returning('id').executeTakeFirstOrThrow();
      departmentIds.set(department.code, row.id);
    }
    const companyIds = new Map<string, number>();
    for (const { department, ...company } of COMPANIES) {
      const row = await trx
        .insertInto('delivery_companies')
        .values({ ...company, department_id: departmentIds.get(department) })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds.set(company.code, row.id);
    }
    const { vehiclesOfCompany } = await seedNetwork(trx, departmentIds, companyIds, passwordHash);
    for (const account of DEMO_ACCOUNTS) {
      await trx
        .insertInto('users')
        .values({
          name: account.name,
          login_id: account.login_id,
          password_hash: passwordHash,
          type: account.type,
          department_id: 'department' in account ? departmentIds.get(account.department) : null,
          delivery_company_id: 'company' in account ? companyIds.get(account.company) : null,
          email: `${account.login_id}@example.jp`,
          // The moment the demo's days are told from: a later start reads it (server/runtime.ts `staleDemoNotice`).
          created_at: asOf,
          updated_at: asOf,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    // The center planner is responsible for its carrier's vehicles.
    const center = await trx.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
    const vehicles = vehiclesOfCompany.get('DC-TOTO') ?? [];
    await trx.insertInto('user_vehicles').values(vehicles.map((vehicle_id) => ({ user_id: center.id, vehicle_id }))).execute();
    await seedOperations(trx, asOf);
    await seedTransfers(trx, today);
    await seedShares(trx, today);
  });
}
