// What the staff commands (`npm run import`, `npm run export`, `npm run generate`) share: how they end,
// and whom they act as.
import type { Db } from '../db/index.js';
import { type Actor, findActor } from '../server/auth/actor.js';
import { ConfigError } from '../server/config.js';

/**
 * Runs a command's `main` and exits with its code. An error the staff can act on (a wrong setting, a
 * refused file: `expected`) prints its message alone; a reader of standard output that stopped early
 * (`| head`) is no failure; anything else prints in full and exits 1.
 */
export function runCommand(main: () => Promise<number>, expected: (abstract new (...args: never[]) => Error)[] = []) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
      console.error([ConfigError, ...expected].some((kind) => error instanceof kind) ? (error as Error).message : error);
      process.exit(1);
    },
  );
}

/** Who a command acts as: `--as <login_id>`, else the first super admin; its scope and permissions are the screens' for that user. */
export async function commandActor(db: Db, loginId: string | undefined): Promise<Actor | string> {
  let users = db.selectFrom('users').select('id').where('deleted_at', 'is', null);
  users = loginId ? users.where('login_id', '=', loginId) : users.where('type', '=', 1).orderBy('id');
  const user = await users.executeTakeFirst();
  const actor = user && (await findActor(db, user.id));
  return actor ?? (loginId ? `No such user: ${loginId}` : 'No super admin to act as; use --as <login_id>');
}
