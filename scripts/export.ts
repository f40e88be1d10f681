// Command-line CSV export for staff, the screens' 「CSV出力」 of a master:
// `npm run export -- <master> [file.csv] [--sjis] [--as <login_id>] [--lang ja|en]`.
// The rows the user may see, in the import's own format: edited, the file goes back through `npm run import`.
// Without a file name the CSV goes to standard output.
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pickLocale } from '../common/locales/index.js';
import { loadConfig, loadDotEnv } from '../server/config.js';
import { csvStream } from '../server/http/csv.js';
import { translator } from '../server/i18n.js';
import { masterExportRecords } from '../server/masters/export.js';
import { MASTERS } from '../server/masters/index.js';
import { openDatabase } from '../server/runtime.js';
import { commandActor, commandArgs, runCommand, UsageError } from './command.js';

const USAGE = `usage: npm run export -- <${MASTERS.map((m) => m.resource).join('|')}> [file.csv] [--sjis] [--as <login_id>] [--lang ja|en]`;

async function main(): Promise<number> {
  const { positionals, values } = commandArgs(
    {
      allowPositionals: true,
      options: { sjis: { type: 'boolean', default: false }, as: { type: 'string' }, lang: { type: 'string', default: 'ja' } },
    },
    USAGE,
  );
  const [name, file] = positionals;
  const master = MASTERS.find((m) => m.resource === name);
  if (!master || positionals.length > 2) throw new UsageError(USAGE);
  loadDotEnv();
  const { db } = await openDatabase(loadConfig());
  try {
    const t = translator(pickLocale(values.lang));
    const actor = await commandActor(db, t, values.as);
    if (typeof actor === 'string') throw new UsageError(actor);
    const ctx = { db, actor, t };
    let rows = -1; // the header is not a row
    async function* counted() {
      for await (const record of masterExportRecords(ctx, master!)) {
        rows++;
        yield record;
      }
    }
    const out: Writable = file ? createWriteStream(file) : process.stdout;
    await pipeline(csvStream(counted(), values.sjis ? 'sjis' : 'utf8'), out, { end: Boolean(file) });
    console.error(`${name}: ${rows} rows${file ? ` → ${file}` : ''}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

runCommand(main);
