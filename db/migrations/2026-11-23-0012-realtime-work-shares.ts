import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Realtime, working-rule and address-sharing data (DOMAIN.md sections 4-6):
 * - a notification may name the trip it is about, so that the bell opens it;
 * - a driver may have a 36協定-style agreement that raises the monthly binding limit from 284 h to 310 h;
 * - a working day records its breaks as intervals ([{start, end}], ISO timestamps), so that
 *   continuous driving and driving time can be checked under the 2024 rules;
 * - address sharing: a share about a destination, and its numbered comment thread.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('vehicle_allocation_id', 'integer', (c) => c.references('vehicle_allocations.id').onDelete('set null'))
    .execute();
  await sql`create index notifications_user_unread on notifications (user_id) where read_at is null`.execute(db);

  await db.schema
    .alterTable('drivers')
    .addColumn('binding_extension_agreement', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('driver_work_records')
    .addColumn('breaks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('destination_shares')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('delivery_destination_id', 'integer', (c) => c.notNull().references('delivery_destinations.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(20)', (c) => c.notNull().check(sql`category in ('parking', 'entrance', 'hours', 'other')`))
    .addColumn('corrected_address', 'varchar(255)')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'applied', 'closed')`))
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('author_driver_id', 'integer', (c) => c.references('drivers.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('destination_shares_author', sql`(author_user_id is null) <> (author_driver_id is null)`)
    .execute();
  await sql`create index destination_shares_destination on destination_shares (delivery_destination_id, created_at desc)`.execute(db);
  await sql`create index destination_shares_recent on destination_shares (created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('share_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('share_id', 'integer', (c) => c.notNull().references('destination_shares.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('author_driver_id', 'integer', (c) => c.references('drivers.id'))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('share_comments_idx', ['share_id', 'idx'])
    .addCheckConstraint('share_comments_author', sql`(author_user_id is null) <> (author_driver_id is null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_comments').execute();
  await db.schema.dropTable('destination_shares').execute();
  await db.schema.alterTable('driver_work_records').dropColumn('breaks').execute();
  await db.schema.alterTable('drivers').dropColumn('binding_extension_agreement').execute();
  await sql`drop index notifications_user_unread`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('vehicle_allocation_id').execute();
}
