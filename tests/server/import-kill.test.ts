import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { destinationsDigest, killWhen, openFolder, readFolder, tokenOf, uploadDestinations } from './crashes.js';
import { spawnServer } from './servers.js';

/**
 * `kill -9` of the server (not the command-line importer: tests/server/import-crash.test.ts) in the
 * middle of a ROWS-row import on the embedded database: the file is uploaded as the screen does, and
 * the server is killed while the import merges it, read off the folder: the destinations' own file
 * has grown by GROWN. The folder then opens again (PGlite recovers from the crash) with the
 * destinations exactly as before, and a restarted server serves. (On PostgreSQL:
 * tests/server/postgres/import-kill.test.ts.)
 */

const ROWS = 100_000;
const GROWN = 4 * 1024 * 1024;

t.test('the server killed in the middle of a 100,000-row import: the folder opens with the table as before', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-import-kill-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const pgliteDir = path.join(dataDir, 'pglite');
  const { before, file } = await openFolder(pgliteDir, async (db) => {
    const { rows } = await db.query<{ file: string }>("select pg_relation_filepath('delivery_destinations') as file");
    return { before: await destinationsDigest(db), file: path.join(pgliteDir, rows[0]!.file) };
  });
  const size = statSync(file).size;

  const server = await spawnServer(t, '', { DATA_DIR: dataDir });
  let answer: unknown;
  const upload = uploadDestinations(server, await tokenOf(server, 'hq'), ROWS).then((answered) => (answer = answered));
  // Killed at once, too, if the upload was answered: the checks below then say so.
  const killed = await killWhen(server.child, () => answer !== undefined || statSync(file).size > size + GROWN);
  t.same(killed, { code: null, signal: 'SIGKILL' }, 'killed while its import was merging');
  t.type(await upload, Error, 'the upload got no answer');

  t.same(await readFolder(pgliteDir, destinationsDigest), before, 'the destinations as before: none of the file’s rows');
  const restarted = await spawnServer(t, '', { DATA_DIR: dataDir });
  t.ok(await tokenOf(restarted, 'hq'), 'a restarted server serves');
});
