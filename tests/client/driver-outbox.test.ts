import { describe, expect, test } from 'vitest';
import { Outbox, type Sent } from '../../client/src/driver/outbox.js';
import { applyReport, bodyOf, type DriverTrip, pathOf, type Report, stopAction, tripAction } from '../../client/src/driver/reports.js';

/** The browser's storage, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const report = (id: string, kind: Report['kind'], seq?: number, body: Record<string, unknown> = { at: '2026-12-06T09:00:00+09:00' }): Report => ({ id, kind, tripId: 7, seq, body });

describe("the driver's outbox", () => {
  test('sends in order; stops at the first out of reach and keeps it and the rest; a later flush goes on from it', async () => {
    const outbox = new Outbox(memoryStorage(), 'box');
    ['a', 'b', 'c'].forEach((id) => outbox.add(report(id, 'arrival', 1)));
    const tried: string[] = [];
    const reachable = new Set(['a']);
    const send = async (r: Report): Promise<Sent> => {
      tried.push(r.id);
      return reachable.has(r.id) ? { kind: 'sent', answer: r.id } : { kind: 'unreachable' };
    };
    const done: string[] = [];
    await outbox.flush(send, (r) => done.push(r.id));
    expect([tried, done, outbox.list().map((r) => r.id)]).toEqual([['a', 'b'], ['a'], ['b', 'c']]);
    reachable.add('b').add('c');
    await outbox.flush(send, (r) => done.push(r.id));
    expect([done, outbox.list()]).toEqual([['a', 'b', 'c'], []]);
  });

  test('a refused report leaves the queue with its message; the next is sent; one run at a time', async () => {
    const outbox = new Outbox(memoryStorage(), 'box');
    outbox.add(report('a', 'wait_end', 1));
    outbox.add(report('b', 'work_start', 1));
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = async (r: Report): Promise<Sent> => {
      sent.push(r.id);
      await gate;
      return r.id === 'a' ? { kind: 'refused', message: '荷待ち開始が登録されていません。' } : { kind: 'sent', answer: null };
    };
    const results: string[] = [];
    const first = outbox.flush(send, (r, result) => results.push(`${r.id}:${result.kind}`));
    const second = outbox.flush(send, () => results.push('second run'));
    expect(second).toBe(first);
    release();
    await first;
    expect([sent, results, outbox.list()]).toEqual([['a', 'b'], ['a:refused', 'b:sent'], []]);
  });

  test('what the queue holds survives a new outbox on the same storage (a closed tab)', () => {
    const storage = memoryStorage();
    new Outbox(storage, 'box').add(report('a', 'departure'));
    expect(new Outbox(storage, 'box').list().map((r) => r.id)).toEqual(['a']);
    expect(new Outbox(storage, 'other').list()).toEqual([]);
  });
});

const trip = (): DriverTrip =>
  ({
    id: 7,
    status: 2,
    loading_started_at: '2026-12-06T07:30:00+09:00',
    departed_at: '2026-12-06T08:00:00+09:00',
    completed_at: null,
    stops: [
      { seq: 1, arrived_at: null, departed_at: null, wait_started_at: null, wait_ended_at: null, wait_minutes: null, work_started_at: null, work_ended_at: null, work_content: null, consignee_confirmed: null, deliveries: [] },
    ],
  }) as unknown as DriverTrip;

describe('reports on the screen', () => {
  test('each report has its path and carries its id', () => {
    expect(pathOf(report('a', 'stop_departure', 2))).toBe('/api/driver/trips/7/stops/2/departure');
    expect(pathOf(report('a', 'wait_start', 1))).toBe('/api/driver/trips/7/stops/1/wait_start');
    expect(pathOf(report('a', 'complete'))).toBe('/api/driver/trips/7/complete');
    expect(pathOf({ id: 'a', kind: 'clock_in', body: {} })).toBe('/api/driver/clock_in');
    expect(bodyOf(report('x', 'arrival', 1))).toEqual({ at: '2026-12-06T09:00:00+09:00', report_id: 'x' });
    const note: Report = { id: 'n', kind: 'share', body: { delivery_destination_id: 3, title: '裏口', category: 'entrance' } };
    expect(pathOf(note)).toBe('/api/driver/shares');
    expect(bodyOf(note)).toEqual({ delivery_destination_id: 3, title: '裏口', category: 'entrance', report_id: 'n' });
  });

  test('a waiting report shows as done: the stop walks arrival → 荷待ち → 荷役 → departure, the minutes of the wait counted', () => {
    const steps: [Report['kind'], string][] = [
      ['arrival', '09:00'],
      ['wait_start', '09:05'],
      ['wait_end', '09:50'],
      ['work_start', '09:55'],
      ['work_end', '10:15'],
    ];
    let trips = [trip()];
    const actions = [stopAction(trips[0]!.stops[0]!)];
    for (const [kind, time] of steps) {
      trips = applyReport(trips, report(kind, kind, 1, { at: `2026-12-06T${time}:00+09:00` }));
      actions.push(stopAction(trips[0]!.stops[0]!));
    }
    expect(actions).toEqual(['arrival', 'at_stop', 'wait_end', 'at_stop', 'work_end', 'at_stop']);
    expect(trips[0]!.stops[0]!.wait_minutes).toBe(45);
    expect(tripAction(trips[0]!)).toBeNull();
    trips = applyReport(trips, report('d', 'stop_departure', 1, { at: '2026-12-06T10:20:00+09:00' }));
    expect([stopAction(trips[0]!.stops[0]!), tripAction(trips[0]!)]).toEqual([null, 'complete']);
    trips = applyReport(trips, report('c', 'complete'));
    expect([trips[0]!.status, tripAction(trips[0]!)]).toEqual([3, null]);
  });
});
