import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The audit log: one entry per row written to the tables below, by whom (the transaction's writer,
 * `haisha.writer`, set where each transaction begins: db/audit.ts), from where, what (table and id)
 * and the change (before and after of the changed columns only). Statement-level triggers with
 * transition tables write a statement's entries in one insert, in the writing transaction: a merge
 * of 100,000 imported rows is one more set-based statement, not 100,000 trigger calls.
 * Columns never recorded: bookkeeping (times, writer, version) and any password or its hash.
 */
const AUDITED: Record<string, string> = {
  departments: 'id',
  delivery_companies: 'id',
  users: 'id',
  vehicle_types: 'id',
  vehicles: 'id',
  user_vehicles: 'user_id',
  drivers: 'id',
  customers: 'id',
  districts: 'id',
  directions: 'id',
  delivery_destinations: 'id',
  direction_bases: 'id',
  operation_times: 'id',
  unit_prices: 'id',
  vehicle_allocations: 'id',
  allocation_stops: 'id',
  deliveries: 'id',
  driver_work_records: 'id',
  destination_shares: 'id',
  share_comments: 'id',
};

const UNRECORDED = `'id', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'`;

/** The changed columns of a row, `{column: {before, after}}`; `before` null for an insert, `after` for a delete. */
const CHANGES = `create function audit_changes(before jsonb, after jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_object_agg(c.key, jsonb_build_object('before', c.old, 'after', c.new)), '{}')
  from (
    select k.key, coalesce(before -> k.key, 'null') as old, coalesce(after -> k.key, 'null') as new
    from jsonb_object_keys(coalesce(after, before)) as k(key)
    where k.key not in (${UNRECORDED}) and k.key not like '%password%'
  ) c
  where c.old is distinct from c.new
$$`;

const COLUMNS = 'writer_type, user_id, driver_id, writer_name, address, process, entity, entity_id, action, changes';

/** The entries of one statement's rows (`rows`: before and after as jsonb), unchanged rows left out. */
const entries = (action: string, rows: string) => `
    insert into audit_log (${COLUMNS})
    select w.*, tg_table_name, (coalesce(r.after, r.before) ->> key)::integer, '${action}', r.changes
    from audit_writer() w, (select s.before, s.after, audit_changes(s.before, s.after) as changes from (${rows}) s) r
    where r.changes <> '{}';`;

/** One function for every audited table; the table's key column is the triggers' argument. */
const TRIGGER = `create function audit_statement() returns trigger language plpgsql as $$
declare
  key text := tg_argv[0];
begin
  if tg_op = 'INSERT' then${entries('insert', 'select null::jsonb as before, to_jsonb(n) as after from new_rows n')}
  elsif tg_op = 'DELETE' then${entries('delete', 'select to_jsonb(o) as before, null::jsonb as after from old_rows o')}
  else${entries(
    'update',
    `select b.before, a.after from (select to_jsonb(o) as before from old_rows o) b
      join (select to_jsonb(n) as after from new_rows n) a on a.after -> key = b.before -> key`,
  )}
  end if;
  return null;
end $$`;

/** The transaction's writer as columns; unknown (with the client's address when there is one) when none was named. */
const WRITER = `create function audit_writer(out writer_type text, out user_id integer, out driver_id integer, out writer_name text,
  out address text, out process text) language sql stable as $$
  select coalesce(w ->> 'type', 'unknown'), (w ->> 'user_id')::integer, (w ->> 'driver_id')::integer, w ->> 'name',
    coalesce(w ->> 'address', host(inet_client_addr())), w ->> 'process'
  from (select nullif(current_setting('haisha.writer', true), '')::jsonb as w) s
$$`;

/** Transition tables allow one event per trigger: three triggers share the function. */
const TRIGGERS = [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing old table as old_rows new table as new_rows'],
  ['delete', 'referencing old table as old_rows'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table audit_log (
    id bigserial primary key,
    at timestamptz not null default now(),
    writer_type text not null,
    user_id integer,
    driver_id integer,
    writer_name text,
    address text,
    process text,
    entity text not null,
    entity_id integer,
    action text not null,
    changes jsonb not null
  )`.execute(db);
  await sql`create index audit_log_at on audit_log (at, id)`.execute(db);
  await sql`create index audit_log_entity on audit_log (entity, entity_id, at)`.execute(db);
  await sql`create index audit_log_user on audit_log (user_id, at)`.execute(db);
  await sql.raw(CHANGES).execute(db);
  await sql.raw(WRITER).execute(db);
  await sql.raw(TRIGGER).execute(db);
  for (const [table, key] of Object.entries(AUDITED)) {
    for (const [event, referencing] of TRIGGERS) {
      await sql.raw(`create trigger ${table}_audit_${event} after ${event} on ${table}
        ${referencing} for each statement execute function audit_statement('${key}')`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(AUDITED)) {
    for (const [event] of TRIGGERS) await sql.raw(`drop trigger ${table}_audit_${event} on ${table}`).execute(db);
  }
  await sql`drop function audit_statement()`.execute(db);
  await sql`drop function audit_writer()`.execute(db);
  await sql`drop function audit_changes(jsonb, jsonb)`.execute(db);
  await sql`drop table audit_log`.execute(db);
}
