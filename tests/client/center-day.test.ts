/** The allocation screens' center and day: read from the address (new and older links), written to it, remembered per user. */
import { describe, expect, it } from 'vitest';
import { centerDayOf, centerDayQuery, rememberCenterDay, rememberedCenterDay, withCenterDay } from '../../client/src/shared/trips/center-day.js';

const TODAY = '2026-11-23';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe('the address', () => {
  it('names the center by department_id, and by center in an older link; malformed values are ignored', () => {
    expect(centerDayOf(new URLSearchParams('date=2026-11-24&department_id=3'))).toEqual({ center: 3, date: '2026-11-24' });
    expect(centerDayOf(new URLSearchParams('center=5&date=2026-11-24'))).toEqual({ center: 5, date: '2026-11-24' });
    expect(centerDayOf(new URLSearchParams('department_id=4&center=5'))).toEqual({ center: 4, date: undefined });
    expect(centerDayOf(new URLSearchParams('department_id=x&date=2026-02-30'))).toEqual({ center: undefined, date: undefined });
    expect(centerDayOf(new URLSearchParams('department_id=0'))).toEqual({ center: undefined, date: undefined });
  });

  it('is written with department_id, the older name dropped and the other parameters kept', () => {
    const next = withCenterDay(new URLSearchParams('center=5&date=2026-11-24&q=城南'), { center: 6, date: '2026-11-25' });
    expect(Object.fromEntries(next)).toEqual({ date: '2026-11-25', department_id: '6', q: '城南' });
    expect(withCenterDay(new URLSearchParams('center=5'), { date: '2026-11-25' }).toString()).toBe('center=5&date=2026-11-25');
    expect(centerDayQuery(7, '2026-11-26')).toBe('date=2026-11-26&department_id=7');
    expect(centerDayQuery(undefined, '2026-11-26')).toBe('date=2026-11-26');
  });
});

describe('the remembered center and day', () => {
  it('are each user’s own', () => {
    const storage = memory();
    rememberCenterDay(1, { center: 3, date: '2026-11-25' }, TODAY, storage);
    rememberCenterDay(2, { center: 4, date: '2026-11-20' }, TODAY, storage);
    expect(rememberedCenterDay(1, TODAY, storage)).toEqual({ center: 3, date: '2026-11-25' });
    expect(rememberedCenterDay(2, TODAY, storage)).toEqual({ center: 4, date: '2026-11-20' });
    expect(rememberedCenterDay(undefined, TODAY, storage)).toEqual({});
  });

  it('keep what a change does not name', () => {
    const storage = memory();
    rememberCenterDay(1, { center: 3, date: '2026-11-25' }, TODAY, storage);
    rememberCenterDay(1, { date: '2026-11-26' }, TODAY, storage);
    expect(rememberedCenterDay(1, TODAY, storage)).toEqual({ center: 3, date: '2026-11-26' });
  });

  it('forget the day on the next day, not the center', () => {
    const storage = memory();
    rememberCenterDay(1, { center: 3, date: '2026-11-25' }, TODAY, storage);
    expect(rememberedCenterDay(1, '2026-11-24', storage)).toEqual({ center: 3, date: undefined });
  });

  it('ignore what is not theirs to read', () => {
    const storage = memory();
    storage.setItem('allocation-center-day:1', '{not json');
    expect(rememberedCenterDay(1, TODAY, storage)).toEqual({});
    storage.setItem('allocation-center-day:1', JSON.stringify({ center: 'x', date: '2026-02-30', on: TODAY }));
    expect(rememberedCenterDay(1, TODAY, storage)).toEqual({ center: undefined, date: undefined });
  });
});
