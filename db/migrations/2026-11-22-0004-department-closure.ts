import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/** The given departments and everything below them, found from `parent_id` (the truth). */
const subtreesOf = (changed: string) => `
  with recursive moved(id) as (
    ${changed}
    union
    select d.id from departments d join moved m on d.parent_id = m.id
  )`;

/**
 * Rewrites the closure rows of those departments from their chain of parents. Whole subtrees are
 * rewritten, so the result is right whatever order a multi-row statement inserts parents and
 * children in. Depth is bounded: levels 1-4 keep real trees shallow, and a bad row must not loop.
 */
const rebuild = (changed: string) => `
  delete from department_closure where descendant_id in (${subtreesOf(changed)} select id from moved);
  insert into department_closure (ancestor_id, descendant_id, depth)
  ${subtreesOf(changed)}, chain(ancestor_id, descendant_id, depth) as (
    select id, id, 0 from moved
    union all
    select d.parent_id, c.descendant_id, c.depth + 1
    from chain c join departments d on d.id = c.ancestor_id
    where d.parent_id is not null and c.depth < 32
  )
  select ancestor_id, descendant_id, depth from chain;`;

const INSERTED = 'select id from new_rows';
const REPARENTED = 'select n.id from new_rows n join old_rows o on o.id = n.id where n.parent_id is distinct from o.parent_id';

/**
 * Statement-level, so that an import of many departments rewrites the closure once. Soft delete and
 * restore change no parent: the closure covers every row, live or not, as the tree itself does.
 */
const TRIGGER_FUNCTION = `
create function department_closure_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${rebuild(INSERTED)}
  elsif exists (${REPARENTED}) then
    ${rebuild(REPARENTED)}
  end if;
  return null;
end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('department_closure')
    .addColumn('ancestor_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('descendant_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('depth', 'smallint', (c) => c.notNull())
    .addPrimaryKeyConstraint('department_closure_pk', ['ancestor_id', 'descendant_id'])
    .execute();
  // The other direction: a department's ancestors (a branch's carriers serve its centers).
  await db.schema.createIndex('department_closure_descendant').on('department_closure').columns(['descendant_id', 'ancestor_id']).execute();
  await sql.raw(TRIGGER_FUNCTION).execute(db);
  await sql`create trigger department_closure_insert after insert on departments
    referencing new table as new_rows for each statement execute function department_closure_maintain()`.execute(db);
  await sql`create trigger department_closure_update after update on departments
    referencing old table as old_rows new table as new_rows for each statement execute function department_closure_maintain()`.execute(db);
  for (const statement of rebuild('select id from departments').split(';').filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger department_closure_update on departments`.execute(db);
  await sql`drop trigger department_closure_insert on departments`.execute(db);
  await sql`drop function department_closure_maintain()`.execute(db);
  await db.schema.dropTable('department_closure').execute();
}
