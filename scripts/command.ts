// What the staff commands (`npm run import`, `npm run export`, `npm run generate`) share: how they end,
// and whom they act as.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { writeAsCommand } from '../db/audit.js';
import type { Db } from '../db/index.js';
import { type Actor, findActor } from '../server/auth/actor.js';
import { ConfigError } from '../server/config.js';
import type { Translate } from '../server/i18n.js';

/** A command called wrongly (an unknown option, a file that is not there): its message, exit code 2. */
export class UsageError extends Error {}

/** The command's options and arguments; one it does not know is a UsageError with the usage lines. */
export function commandArgs<T extends ParseArgsConfig>(config: T, usage: string) {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
}

/**
 * Runs a command's `main` and exits with its code; its writes are recorded as the OS user's command.
 * An error the staff can act on (a wrong setting, a refused file: `expected`) prints its message alone;
 * a command called wrongly exits 2; a reader of standard output that stopped early (`| head`) is no
 * failure; anything else prints in full and exits 1.
 */
export function runCommand(main: () => Promise<number>, expected: (abstract new (...args: never[]) => Error)[] = []) {
  writeAsCommand();
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
      if (error instanceof UsageError) {
        console.error(error.message);
        process.exit(2);
      }
      console.error([ConfigError, ...expected].some((kind) => error instanceof kind) ? (error as Error).message : error);
      process.exit(1);
    },
  );
}

/**
 * Who a command acts as: `--as <login_id>`, else the first super admin; its scope and permissions are
 * the screens' for that user, and its writes are recorded as that user's through the command (db/audit.ts).
 */
export async function commandActor(db: Db, t: Translate, loginId: string | undefined): Promise<Actor | string> {
  let users = db.selectFrom('users').select('id').where('deleted_at', 'is', null);
  users = loginId ? users.where('login_id', '=', loginId) : users.where('type', '=', 1).orderBy('id');
  const user = await users.executeTakeFirst();
  const actor = user && (await findActor(db, user.id));
  if (actor) writeAsCommand(actor.id);
  return actor ?? (loginId ? t('csv.noSuchUser', { login_id: loginId }) : t('csv.noSuperAdmin'));
}
