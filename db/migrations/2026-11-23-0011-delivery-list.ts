import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The delivery list at scale (a million rows): the masters' deletion refusals look up the
 * deliveries and trips that refer to a store, customer or direction (one index each, never a scan of
 * the table), and the list's center-day pages by slip number read an index in order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index deliveries_destination on deliveries (delivery_destination_id) where deleted_at is null`.execute(db);
  await sql`create index deliveries_customer on deliveries (customer_id) where deleted_at is null and customer_id is not null`.execute(db);
  await sql`create index deliveries_department_slip on deliveries (department_id, date, slip_number, id) where deleted_at is null`.execute(db);
  await sql`create index vehicle_allocations_direction on vehicle_allocations (direction_id) where deleted_at is null and direction_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['deliveries_destination', 'deliveries_customer', 'deliveries_department_slip', 'vehicle_allocations_direction']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
