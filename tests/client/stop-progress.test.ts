/** Where the driver is at a stop, as the board and the delivery list show it: the step under way and since when. */
import { describe, expect, it } from 'vitest';
import { type StopProgress, stepUnderWay } from '../../client/src/shared/trips/stop-progress.js';

const nothing: StopProgress = { wait_started_at: null, wait_ended_at: null, work_started_at: null, work_ended_at: null, consignee_confirmed: null };
const AT = { wait: '2026-12-06T00:10:00.000Z', waitEnd: '2026-12-06T00:55:00.000Z', work: '2026-12-06T00:56:00.000Z', workEnd: '2026-12-06T01:20:00.000Z' };

describe('stepUnderWay', () => {
  it('is nothing before the driver reports a wait or work', () => {
    expect(stepUnderWay(nothing)).toBeNull();
  });
  it('is waiting from the wait start until its end', () => {
    expect(stepUnderWay({ ...nothing, wait_started_at: AT.wait })).toEqual({ step: 'waiting', since: AT.wait });
    expect(stepUnderWay({ ...nothing, wait_started_at: AT.wait, wait_ended_at: AT.waitEnd })).toBeNull();
  });
  it('is working from the work start until its end, after a wait or without one', () => {
    expect(stepUnderWay({ ...nothing, wait_started_at: AT.wait, wait_ended_at: AT.waitEnd, work_started_at: AT.work })).toEqual({ step: 'working', since: AT.work });
    expect(stepUnderWay({ ...nothing, work_started_at: AT.work })).toEqual({ step: 'working', since: AT.work });
    expect(stepUnderWay({ ...nothing, work_started_at: AT.work, work_ended_at: AT.workEnd })).toBeNull();
  });
  it('says work when work began while a wait was left open', () => {
    expect(stepUnderWay({ ...nothing, wait_started_at: AT.wait, work_started_at: AT.work })).toEqual({ step: 'working', since: AT.work });
  });
});
