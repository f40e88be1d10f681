import { type Kysely, sql } from 'kysely';
import { tokyoToday } from '../../common/deliveries.js';
import type { Database } from '../types.js';

/** Generated rows spread over this many days, ending on the seed day: about 700 per center-day at a million. */
export const GENERATED_DAYS = 365;
const BATCH = 100_000;

/**
 * Adds `count` deliveries for benchmarks, in SQL (generate_series), over the stores of the demo
 * directions: deterministic (row n always gets the same store, day and item), unallocated, slip
 * numbers `G000000001`… continuing after those of an earlier run. `onBatch` reports progress.
 */
export async function generateDeliveries(db: Kysely<Database>, count: number, options: { today?: string; onBatch?: (done: number) => void } = {}) {
  const today = options.today ?? tokyoToday();
  const { rows } = await sql<{ n: number }>`select count(*)::integer as n from deliveries where slip_number like 'G%'`.execute(db);
  const first = rows[0]!.n + 1;
  for (let start = first; start < first + count; start += BATCH) {
    const end = Math.min(start + BATCH, first + count) - 1;
    await sql`with stores as (
        select dd.id, dir.department_id, dd.customer_id, (row_number() over (order by dd.id) - 1)::integer as n
        from delivery_destinations dd join directions dir on dir.id = dd.direction_id
        where dd.deleted_at is null and dir.deleted_at is null
      ), total as (select count(*)::integer as c from stores)
      insert into deliveries (date, department_id, delivery_destination_id, customer_id, order_number, slip_number,
        item_code, item_name, quantity, load_unit, volume, weight)
      select ${today}::date - ${sql.lit(GENERATED_DAYS - 1)} + (g % ${sql.lit(GENERATED_DAYS)})::integer,
        s.department_id, s.id, s.customer_id, 'GO-' || (g / 3), 'G' || lpad(g::text, 9, '0'),
        'GI-' || lpad((g % 97)::text, 3, '0'), '生成商品' || (g % 97), 1 + (g % 4)::integer, (g % 2)::smallint,
        round(((1 + g % 4) * 0.8)::numeric, 2), 60 + (g % 90) * (1 + g % 4)
      from generate_series(${start}::bigint, ${end}::bigint) g
      join stores s on s.n = ((g * 7919) % (select c from total))::integer`.execute(db);
    options.onBatch?.(end - first + 1);
  }
  await sql`analyze deliveries`.execute(db);
}
