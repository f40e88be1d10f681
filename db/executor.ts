import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.js';

/** What a query runs on: the database, or the transaction a write request opened and passes down. */
export type Executor = Kysely<Database> | Transaction<Database>;
