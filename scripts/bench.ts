// `npm run bench`: imports 100,000 delivery destinations from a Shift_JIS CSV into a fresh embedded
// database, as the command-line importer does, and reports time and peak memory. ROWS=… to change.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { destinationCsvLines } from '../db/seed/generate-destinations.js';
import { findActor } from '../server/auth/actor.js';
import { loadConfig } from '../server/config.js';
import { translator } from '../server/i18n.js';
import { importMaster } from '../server/imports/import-master.js';
import { deliveryDestinationMaster } from '../server/masters/delivery-destination.js';
import { openDatabase } from '../server/runtime.js';
import { benchLists } from './bench-lists.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function writeShiftJis(file: string) {
  const out = createWriteStream(file);
  for (const line of destinationCsvLines(ROWS)) {
    if (!out.write(iconv.encode(`${line}\r\n`, 'cp932'))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const workDir = mkdtempSync(path.join(tmpdir(), 'haisha-bench-'));
try {
  const file = path.join(workDir, 'destinations-sjis.csv');
  await writeShiftJis(file);
  const { db } = await openDatabase(loadConfig({ DATA_DIR: workDir, LOG_LEVEL: 'silent' }));
  const user = await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow();
  const actor = (await findActor(db, user.id))!;

  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  const started = performance.now();
  const result = await importMaster(db, deliveryDestinationMaster, actor, translator('ja'), createReadStream(file), { commit: true });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors.slice(0, 5))}`);

  console.log(`bench import delivery_destination: ${result.total.toLocaleString()} rows, ${result.encoding}, file ${mib(statSync(file).size)}`);
  console.log(`  time            ${seconds.toFixed(1)} s (${Math.round(result.total / seconds).toLocaleString()} rows/s)`);
  console.log(`  peak heap used  ${mib(peakHeap)} (baseline ${mib(baseline.heapUsed)})`);
  console.log(`  peak RSS        ${mib(peakRss)} (baseline ${mib(baseline.rss)})`);
  await db.destroy();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
await benchLists();
