/**
 * 動作確認's rules (check.tsx), pure: how each check's outcome reads. And /auth's: where to go once the
 * sign-in is confirmed.
 */
import type { LiveStatus } from '../../shared/realtime/live-channels.js';

export type Outcome = 'pending' | 'ok' | 'warning' | 'failed';

/** A device clock further than this from the server's is worth fixing (the drivers' times, the day's pages). */
export const CLOCK_SKEW_WARNING_SECONDS = 60;

/**
 * This device's clock against the server's, in whole seconds (positive: the device is ahead): the
 * server's time is taken as read halfway through the round trip.
 */
export function clockSkewSeconds(serverNow: string, sentAt: number, receivedAt: number): number {
  return Math.round((receivedAt - (receivedAt - sentAt) / 2 - Date.parse(serverNow)) / 1000);
}

export const clockOutcome = (skewSeconds: number): Outcome => (Math.abs(skewSeconds) > CLOCK_SKEW_WARNING_SECONDS ? 'warning' : 'ok');

/** The realtime socket's state as a check's outcome: open is fine, (re)connecting still pending, the rest failed. */
export function realtimeOutcome(status: LiveStatus): Outcome {
  if (status === 'open') return 'ok';
  if (status === 'connecting' || status === 'idle') return 'pending';
  return 'failed';
}

/** Where /auth sends a confirmed user: `to` when it is a path of this application, else the home page. */
export function nextPath(to: string | null): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || to.startsWith('/auth')) return '/';
  return to;
}
