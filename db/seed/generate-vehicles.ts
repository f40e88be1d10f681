import type { Kysely } from 'kysely';
import type { Database } from '../types.js';
import { randomSource } from './network.js';

const CARRIER_NAMES = ['青葉', '旭', '朝日', '東', '大橋', '北斗', '光', '富士', '松葉', '緑', '港', '山手', '若葉', '日の出', '桜', '新星'];
const BATCH = 1000;

/**
 * `count` vehicles spread over the demo centers and over more carriers (one per name above, each
 * contracted at a center), for benchmarks of lists that hold thousands of rows.
 */
export async function seedVehicles(db: Kysely<Database>, count: number): Promise<void> {
  const random = randomSource(11);
  const centers = await db.selectFrom('departments').select('id').where('level', '=', 4).execute();
  const types = await db.selectFrom('vehicle_types').select('id').execute();
  await db
    .insertInto('delivery_companies')
    .values(CARRIER_NAMES.map((name, i) => ({ code: `DC-BENCH-${i + 1}`, name: `${name}運送株式会社`, department_id: random.pick(centers).id })))
    .execute();
  const companies = await db.selectFrom('delivery_companies').select('id').execute();
  for (let first = 1; first <= count; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - first + 1) }, (_, i) => ({
      vehicle_number: `ベンチ 100 い ${String(first + i).padStart(5, '0')}`,
      vehicle_type_id: random.pick(types).id,
      delivery_company_id: random.pick(companies).id,
      base_department_id: random.pick(centers).id,
      max_loading_capacity: random.int(1, 20) * 500,
    }));
    await db.insertInto('vehicles').values(batch).execute();
  }
}
