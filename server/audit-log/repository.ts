import { type Expression, type SqlBool, sql } from 'kysely';
import { addDays } from '../../common/deliveries.js';
import { tokyoInstant } from '../../common/time.js';
import type { Executor } from '../../db/executor.js';
import { keysetPages } from '../../db/pages.js';
import type { AuditEntryWire, AuditLogFilters, AuditLogQuery } from './schemas.js';

/** The largest page the list answers, whatever `_end` asks. */
const MAX_PAGE = 500;

type Entry = Omit<AuditEntryWire, 'at'> & { at: Date };

/** The entries the filters match; days are Tokyo's, both ends included. */
function filtered(db: Executor, filters: AuditLogFilters) {
  let query = db.selectFrom('audit_log as a');
  if (filters.entity) query = query.where('a.entity', '=', filters.entity);
  if (filters.entity_id) query = query.where('a.entity_id', '=', filters.entity_id);
  if (filters.user_id) query = query.where('a.user_id', '=', filters.user_id);
  if (filters.date_from) query = query.where('a.at', '>=', tokyoInstant(filters.date_from, '00:00'));
  if (filters.date_to) query = query.where('a.at', '<', tokyoInstant(addDays(filters.date_to, 1), '00:00'));
  return query;
}

/** The changed columns as a list in column order, each value as text (null when none). */
const changeList = sql<Entry['changes']>`(select coalesce(jsonb_agg(jsonb_build_object('field', c.key,
  'before', c.value -> 'before' #>> '{}', 'after', c.value -> 'after' #>> '{}') order by c.key), '[]')
  from jsonb_each(a.changes) c)`;

function withColumns(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.at',
      'a.writer_type',
      'a.user_id',
      'a.driver_id',
      'a.writer_name',
      'u.name as user_name',
      'a.address',
      'a.process',
      'a.entity',
      'a.entity_id',
      'a.action',
    ])
    .select(changeList.as('changes'));
}

/** Newest first. */
const newestFirst = (query: ReturnType<typeof withColumns>) => query.orderBy('a.at', 'desc').orderBy('a.id', 'desc');

/** One page of entries, newest first, and how many the filters match. */
export async function listEntries(db: Executor, query: AuditLogQuery): Promise<{ rows: Entry[]; total: number }> {
  const start = query._start ?? 0;
  const end = Math.min(start + MAX_PAGE, Math.max(start, query._end ?? start + 50));
  const [rows, count] = await Promise.all([
    newestFirst(withColumns(filtered(db, query)))
      .limit(end - start)
      .offset(start)
      .execute(),
    filtered(db, query).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

interface EntryKey {
  at: Date;
  id: number;
}

const beforeKey = (key: EntryKey): Expression<SqlBool> => sql<SqlBool>`(a.at, a.id) < (${key.at}, ${key.id})`;

/** Every entry the filters match, newest first, a page at a time (the export). */
export function entryPages(db: Executor, filters: AuditLogFilters) {
  return keysetPages(
    (after: EntryKey | undefined, size) => {
      const query = filtered(db, filters);
      return newestFirst(withColumns(after ? query.where(beforeKey(after)) : query))
        .limit(size)
        .execute();
    },
    (last): EntryKey => ({ at: last.at, id: last.id }),
  );
}

/** Removes the entries older than `days` days; answers how many went. */
export async function pruneEntries(db: Executor, days: number): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
