import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './index.js';
import * as foundation from './migrations/2026-11-22-0001-foundation.js';
import * as masters from './migrations/2026-11-22-0002-masters.js';
import * as tokens from './migrations/2026-11-22-0003-tokens.js';
import * as departmentClosure from './migrations/2026-11-22-0004-department-closure.js';
import * as listIndexes from './migrations/2026-11-22-0005-list-indexes.js';
import * as importStaging from './migrations/2026-11-22-0006-import-staging.js';
import * as deliveriesAllocation from './migrations/2026-11-23-0007-deliveries-allocation.js';
import * as listSortNames from './migrations/2026-11-23-0008-list-sort-names.js';
import * as typedImportStaging from './migrations/2026-11-23-0009-typed-import-staging.js';
import * as driverApp from './migrations/2026-11-23-0010-driver-app.js';
import * as deliveryList from './migrations/2026-11-23-0011-delivery-list.js';
import * as realtimeWorkShares from './migrations/2026-11-23-0012-realtime-work-shares.js';
import * as driverTime from './migrations/2026-11-23-0013-driver-time.js';
import * as listCounts from './migrations/2026-11-27-0014-list-counts.js';
import * as actorChanges from './migrations/2026-12-04-0015-actor-changes.js';
import * as stopWaiting from './migrations/2026-12-06-0016-stop-waiting.js';
import * as auditLog from './migrations/2026-12-06-0017-audit-log.js';
import * as sharedLimits from './migrations/2026-12-06-0018-shared-limits.js';
import * as driverReports from './migrations/2026-12-06-0019-driver-reports.js';
import * as reoptimize from './migrations/2026-12-06-0021-reoptimize.js';
import * as fuelPrices from './migrations/2026-12-06-0026-fuel-prices.js';

/** Listed here (not read from disk) so that migrations run the same under tsx, tests and bundles. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-masters': masters,
  '2026-11-22-0003-tokens': tokens,
  '2026-11-22-0004-department-closure': departmentClosure,
  '2026-11-22-0005-list-indexes': listIndexes,
  '2026-11-22-0006-import-staging': importStaging,
  '2026-11-23-0007-deliveries-allocation': deliveriesAllocation,
  '2026-11-23-0008-list-sort-names': listSortNames,
  '2026-11-23-0009-typed-import-staging': typedImportStaging,
  '2026-11-23-0010-driver-app': driverApp,
  '2026-11-23-0011-delivery-list': deliveryList,
  '2026-11-23-0012-realtime-work-shares': realtimeWorkShares,
  '2026-11-23-0013-driver-time': driverTime,
  '2026-11-27-0014-list-counts': listCounts,
  '2026-12-04-0015-actor-changes': actorChanges,
  '2026-12-06-0016-stop-waiting': stopWaiting,
  '2026-12-06-0017-audit-log': auditLog,
  '2026-12-06-0018-shared-limits': sharedLimits,
  '2026-12-06-0019-driver-reports': driverReports,
  '2026-12-06-0021-reoptimize': reoptimize,
  '2026-12-06-0026-fuel-prices': fuelPrices,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
