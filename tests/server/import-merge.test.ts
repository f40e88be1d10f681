import { sql } from 'kysely';
import t from 'tap';
import { AppError } from '../../server/errors.js';
import { mergeRows, stageRows, startImport } from '../../server/imports/staging.js';
import { vehicleMaster } from '../../server/masters/vehicle.js';
import { demoApp } from './helpers.js';

t.test("a merge refuses rows whose reference was deleted after they were checked, and writes nothing", async (t) => {
  const { db } = await demoApp(t);
  const superId = (await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow()).id;
  const type = await db.selectFrom('vehicle_types').select('id').where('code', '=', 'VT-K').executeTakeFirstOrThrow();
  const company = await db.selectFrom('delivery_companies').select('id').where('code', '=', 'DC-TOTO').executeTakeFirstOrThrow();
  const row = (line: number, number: string) => {
    const columns = { vehicle_number: number, vehicle_type_id: type.id, delivery_company_id: company.id };
    return { line, targetId: null, targetVersion: null, columns, values: columns };
  };
  const staging = await startImport(db, vehicleMaster);
  await stageRows(db, staging, [row(2, '品川 100 あ 90-01'), row(3, '品川 100 あ 90-02')]);
  // Checked and staged; then someone deletes the vehicle type they name.
  await db.updateTable('vehicle_types').set({ deleted_at: sql`now()` }).where('id', '=', type.id).execute();

  const columns = { inserted: new Set(['vehicle_number', 'vehicle_type_id', 'delivery_company_id']), updated: new Set<string>() };
  const refused = await db
    .transaction()
    .execute((trx) => mergeRows(trx, vehicleMaster, superId, { staging }, columns))
    .then(() => undefined, (error: unknown) => error);
  t.ok(refused instanceof AppError, 'the merge is refused');
  t.match(refused, { statusCode: 409, messageKey: 'csv.referenceGoneDuringImport', params: { row: 2 } });
  const written = await db.selectFrom('vehicles').select('id').where('vehicle_number', 'like', '品川 100 あ 90-%').execute();
  t.equal(written.length, 0, 'no row of the file was written');

  await db.updateTable('vehicle_types').set({ deleted_at: null }).where('id', '=', type.id).execute();
  await db.transaction().execute((trx) => mergeRows(trx, vehicleMaster, superId, { staging }, columns));
  const merged = await db.selectFrom('vehicles').select('id').where('vehicle_number', 'like', '品川 100 あ 90-%').execute();
  t.equal(merged.length, 2, 'with the reference live again, both rows are written');
});
