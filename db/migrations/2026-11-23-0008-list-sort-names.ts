import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A name shown beside a large master's rows, copied onto the row so that a list sorted by it reads
 * the page from an index (`(copy, id)` over live rows) instead of joining and sorting every row in
 * scope. `table.column` holds `parent.source` of the row `table.foreignKey` points at.
 */
interface Copy {
  table: string;
  column: string;
  foreignKey: string;
  parent: string;
  source: string;
  type: string;
}

const COPIES: Copy[] = [
  { table: 'vehicles', column: 'vehicle_type_name', foreignKey: 'vehicle_type_id', parent: 'vehicle_types', source: 'name', type: 'varchar(100)' },
  { table: 'vehicles', column: 'delivery_company_name', foreignKey: 'delivery_company_id', parent: 'delivery_companies', source: 'name', type: 'varchar(100)' },
  { table: 'vehicles', column: 'base_department_name', foreignKey: 'base_department_id', parent: 'departments', source: 'name', type: 'varchar(100)' },
  { table: 'drivers', column: 'delivery_company_name', foreignKey: 'delivery_company_id', parent: 'delivery_companies', source: 'name', type: 'varchar(100)' },
  { table: 'drivers', column: 'base_department_name', foreignKey: 'base_department_id', parent: 'departments', source: 'name', type: 'varchar(100)' },
  { table: 'drivers', column: 'default_vehicle_number', foreignKey: 'default_vehicle_id', parent: 'vehicles', source: 'vehicle_number', type: 'varchar(30)' },
  { table: 'users', column: 'department_name', foreignKey: 'department_id', parent: 'departments', source: 'name', type: 'varchar(100)' },
  { table: 'users', column: 'delivery_company_name', foreignKey: 'delivery_company_id', parent: 'delivery_companies', source: 'name', type: 'varchar(100)' },
  { table: 'delivery_destinations', column: 'direction_name', foreignKey: 'direction_id', parent: 'directions', source: 'name', type: 'varchar(100)' },
  { table: 'delivery_destinations', column: 'customer_name', foreignKey: 'customer_id', parent: 'customers', source: 'name', type: 'varchar(100)' },
];

/** The parent side finds a renamed row's children by their foreign key: this one had no index yet. */
const REFERENCE_INDEXES = [{ table: 'drivers', column: 'default_vehicle_id' }];

const listIndex = (table: string, column: string) => `${table}_${column}_list`;
const groupBy = (key: (copy: Copy) => string) => {
  const groups = new Map<string, Copy[]>();
  for (const copy of COPIES) groups.set(key(copy), [...(groups.get(key(copy)) ?? []), copy]);
  return groups;
};
const childFunction = (table: string) => `${table}_copy_names`;
const parentFunction = (parent: string, source: string) => `${parent}_${source}_copied`;

/**
 * Child side, before a row is written: a copy is (re)read when the row is new, its foreign key
 * changed, the copy itself was written (the parent side does that on a rename) or the row is
 * restored (renames skip soft-deleted rows). The parent row is read FOR SHARE: a rename running at
 * the same time either finished (and its new name is read) or waits for this transaction, and its
 * update of the children then sees this row.
 */
const childBody = (copies: Copy[]) =>
  copies
    .map(
      (c) => `
  if tg_op = 'INSERT' or new.${c.foreignKey} is distinct from old.${c.foreignKey}
     or new.${c.column} is distinct from old.${c.column} or (old.deleted_at is not null and new.deleted_at is null) then
    select ${c.source} into new.${c.column} from ${c.parent} where id = new.${c.foreignKey} for share;
  end if;`,
    )
    .join('');

/** Parent side, after a row's shown column changed: its live children get the new value. */
const parentBody = (copies: Copy[]) =>
  copies
    .map((c) => `
  update ${c.table} set ${c.column} = new.${c.source} where ${c.foreignKey} = new.id and deleted_at is null;`)
    .join('');

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, column } of REFERENCE_INDEXES) {
    await sql`create index ${sql.id(listIndex(table, column))} on ${sql.table(table)} (${sql.ref(column)}, id) where deleted_at is null`.execute(db);
  }
  for (const c of COPIES) {
    await sql`alter table ${sql.table(c.table)} add column ${sql.id(c.column)} ${sql.raw(c.type)}`.execute(db);
    await sql`update ${sql.table(c.table)} as t set ${sql.id(c.column)} = p.${sql.id(c.source)}
      from ${sql.table(c.parent)} as p where p.id = t.${sql.id(c.foreignKey)}`.execute(db);
    await sql`create index ${sql.id(listIndex(c.table, c.column))} on ${sql.table(c.table)} (${sql.ref(c.column)}, id) where deleted_at is null`.execute(db);
  }
  for (const [table, copies] of groupBy((c) => c.table)) {
    const name = childFunction(table);
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$
begin${childBody(copies)}
  return new;
end $$`).execute(db);
    await sql.raw(`create trigger ${name} before insert or update on ${table} for each row execute function ${name}()`).execute(db);
  }
  for (const copies of groupBy((c) => `${c.parent}.${c.source}`).values()) {
    const { parent, source } = copies[0]!;
    const name = parentFunction(parent, source);
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$
begin${parentBody(copies)}
  return null;
end $$`).execute(db);
    await sql.raw(`create trigger ${name} after update on ${parent} for each row
      when (old.${source} is distinct from new.${source}) execute function ${name}()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const copies of groupBy((c) => `${c.parent}.${c.source}`).values()) {
    const { parent, source } = copies[0]!;
    await sql.raw(`drop trigger ${parentFunction(parent, source)} on ${parent}`).execute(db);
    await sql.raw(`drop function ${parentFunction(parent, source)}()`).execute(db);
  }
  for (const table of groupBy((c) => c.table).keys()) {
    await sql.raw(`drop trigger ${childFunction(table)} on ${table}`).execute(db);
    await sql.raw(`drop function ${childFunction(table)}()`).execute(db);
  }
  for (const c of COPIES) await sql`alter table ${sql.table(c.table)} drop column ${sql.id(c.column)}`.execute(db);
  for (const { table, column } of REFERENCE_INDEXES) await db.schema.dropIndex(listIndex(table, column)).execute();
}
