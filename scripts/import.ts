// Command-line CSV import for staff: `npm run import -- <master> <file.csv> [--check] [--as <login_id>]`,
// or one day's deliveries: `npm run import -- delivery <file.csv> --date YYYY-MM-DD [--check] [--as <login_id>]`.
// The same checks as the screens; all-or-nothing; exit 1 when any row is refused.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { Transform } from 'node:stream';
import { isCalendarDay } from '../common/deliveries.js';
import { pickLocale } from '../common/locales/index.js';
import { MASTERS } from '../server/masters/index.js';
import { loadConfig, loadDotEnv } from '../server/config.js';
import { importDeliveries } from '../server/deliveries/import.js';
import { AppError } from '../server/errors.js';
import { translator, type Translate } from '../server/i18n.js';
import { importMaster } from '../server/imports/import-master.js';
import { openDatabase } from '../server/runtime.js';
import { commandActor, commandArgs, runCommand, UsageError } from './command.js';

const USAGE = `usage: npm run import -- <${MASTERS.map((m) => m.resource).join('|')}> <file.csv> [--check] [--as <login_id>] [--lang ja|en]
       npm run import -- delivery <file.csv> --date YYYY-MM-DD [--check] [--as <login_id>] [--lang ja|en]`;

/** The whole file refused, with a message for the staff rather than a stack trace. */
class Refused extends Error {}

function progressBar(totalBytes: number) {
  let bytes = 0;
  let rows = 0;
  let last = 0;
  const draw = (force = false) => {
    const now = Date.now();
    if (!process.stderr.isTTY || (!force && now - last < 100)) return;
    last = now;
    const ratio = totalBytes ? Math.min(1, bytes / totalBytes) : 1;
    const filled = Math.round(ratio * 30);
    process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}%  ${rows.toLocaleString()} rows`);
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      draw();
      done(null, chunk);
    },
  });
  return {
    counter,
    row: () => {
      rows++;
      draw();
    },
    finish: () => {
      draw(true);
      if (process.stderr.isTTY) process.stderr.write('\n');
    },
  };
}

/**
 * What is wrong with the command as called, in the staff's language, before any database is opened:
 * what to import, the file, and for deliveries the day (`--date`).
 */
function callProblem(t: Translate, name: string | undefined, file: string | undefined, date: string | undefined): string | undefined {
  if (!name || !file) return USAGE;
  if (name !== 'delivery' && !MASTERS.some((m) => m.resource === name)) return `${t('csv.unknownTarget', { name })}\n${USAGE}`;
  if (!existsSync(file) || !statSync(file).isFile()) return t('csv.fileNotFound', { file });
  if (name !== 'delivery') return undefined;
  if (!date) return `${t('errors.required', { field: '--date' })}\n${USAGE}`;
  return isCalendarDay(date) ? undefined : t('errors.invalidDate', { field: '--date' });
}

async function main(): Promise<number> {
  const { positionals, values } = commandArgs(
    {
      allowPositionals: true,
      options: { check: { type: 'boolean', default: false }, as: { type: 'string' }, lang: { type: 'string', default: 'ja' }, date: { type: 'string' } },
    },
    USAGE,
  );
  const [name, file] = positionals;
  const t = translator(pickLocale(values.lang));
  const problem = callProblem(t, name, file, values.date);
  if (problem) throw new UsageError(problem);
  const master = MASTERS.find((m) => m.resource === name);
  loadDotEnv();
  const config = loadConfig();
  const { db } = await openDatabase(config);
  try {
    const actor = await commandActor(db, t, values.as);
    if (typeof actor === 'string') throw new UsageError(actor);
    const progress = progressBar(statSync(file!).size);
    const input = createReadStream(file!).pipe(progress.counter);
    const started = Date.now();
    const options = { commit: !values.check, onRow: progress.row };
    const running = master ? importMaster(db, master, actor, t, input, options) : importDeliveries(db, actor, t, values.date!, input, options);
    const result = await running.catch((error) => {
      // Refusals of the whole file (a row changed by someone else meanwhile) in the staff's language.
      if (error instanceof AppError) throw new Refused(t(error.messageKey, error.params));
      throw error;
    });
    progress.finish();
    for (const error of result.errors) console.error(t('csv.rowError', { row: error.row, field: error.field, message: error.message }));
    if (result.errorCount > result.errors.length) console.error(`… ${result.errorCount - result.errors.length} more`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = !result.ok
      ? t('csv.checkFailed', { count: result.errorCount })
      : values.check
        ? t('csv.checkOk', { count: result.total })
        : t('csv.imported', { created: result.created, updated: result.updated });
    console.log(`${name}: ${summary} (${result.total} rows, ${result.encoding}, ${seconds}s)`);
    return result.ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

runCommand(main, [Refused]);
