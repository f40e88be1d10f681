import type { Static } from 'typebox';
import type { DriverProfile } from '../../../server/driver-app/schemas.js';

export type Driver = Static<typeof DriverProfile>;
export interface Session {
  token: string;
  driver: Driver;
}

const SESSION_KEY = 'haisha.driver.session';

/** The driver's sign-in, kept on the phone (a driver token, never a user's). */
export function savedSession(): Session | null {
  try {
    return JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null) {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
}

/** Each driver's reports wait in a queue of their own. */
export const outboxKey = (driverId: number) => `haisha.driver.outbox.${driverId}`;
