/**
 * Where the driver is at a stop, as the planners' screens show it live (the board's stop line, the
 * delivery list's row): 荷待ち中 or 荷役中 with the time it began, and the consignee's confirmation once given.
 */

/** What a driver has reported of waiting, work and confirmation at a stop (null: not yet). */
export interface StopProgress {
  wait_started_at: string | null;
  wait_ended_at: string | null;
  work_started_at: string | null;
  work_ended_at: string | null;
  consignee_confirmed: boolean | null;
}

/** The step under way at the stop and since when: work outranks a wait left open; null when neither runs. */
export function stepUnderWay(stop: StopProgress): { step: 'waiting' | 'working'; since: string } | null {
  if (stop.work_started_at && !stop.work_ended_at) return { step: 'working', since: stop.work_started_at };
  if (stop.wait_started_at && !stop.wait_ended_at) return { step: 'waiting', since: stop.wait_started_at };
  return null;
}
