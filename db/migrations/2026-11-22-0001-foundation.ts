import { type Kysely, sql } from 'kysely';
import { audited } from './audited.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await audited(db.schema.createTable('departments'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'smallint', (c) => c.notNull().check(sql`level between 1 and 4`))
    .addColumn('parent_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('postal_code', 'varchar(8)')
    .addColumn('address', 'varchar(200)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .execute();
  await sql`create unique index departments_code_live on departments (code) where deleted_at is null`.execute(db);
  await db.schema.createIndex('departments_parent').on('departments').column('parent_id').execute();

  await audited(db.schema.createTable('delivery_companies'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_kana', 'varchar(100)')
    .addColumn('postal_code', 'varchar(8)')
    .addColumn('address', 'varchar(200)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('email', 'varchar(200)')
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('invoice_registration_number', 'varchar(14)')
    .execute();
  await sql`create unique index delivery_companies_code_live on delivery_companies (code) where deleted_at is null`.execute(db);

  await audited(db.schema.createTable('users'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('login_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 3`))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('delivery_company_id', 'integer', (c) => c.references('delivery_companies.id'))
    .addColumn('email', 'varchar(200)')
    .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('users_belongs_to_one', sql`(department_id is null) <> (delivery_company_id is null)`)
    .execute();
  await sql`create unique index users_login_id_live on users (login_id) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notifications', 'users', 'delivery_companies', 'departments']) {
    await db.schema.dropTable(table).execute();
  }
}
