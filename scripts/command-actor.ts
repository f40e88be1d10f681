// Who a staff command (`npm run import`, `npm run export`) acts as: `--as <login_id>`, else the first super
// admin. Its scope and permissions are the screens' for that user.
import type { Db } from '../db/index.js';
import { type Actor, findActor } from '../server/auth/actor.js';

/** The actor, or the message to print when there is none. */
export async function commandActor(db: Db, loginId: string | undefined): Promise<Actor | string> {
  let users = db.selectFrom('users').select('id').where('deleted_at', 'is', null);
  users = loginId ? users.where('login_id', '=', loginId) : users.where('type', '=', 1).orderBy('id');
  const user = await users.executeTakeFirst();
  const actor = user && (await findActor(db, user.id));
  return actor ?? (loginId ? `No such user: ${loginId}` : 'No super admin to act as; use --as <login_id>');
}
