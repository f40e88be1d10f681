/** The working-time editor's rules (client/src/features/driver-time/edit-logic.ts over common/driver-time.ts). */
import { describe, expect, it } from 'vitest';
import { instantOfWorkTime, workTimeMinutes, workTimeOf } from '../../common/driver-time.js';
import { en } from '../../common/locales/en.js';
import { ja } from '../../common/locales/ja.js';
import { bodyOf, draftOf, previewFigures, type Draft } from '../../client/src/features/driver-time/edit-logic.js';
import { attendanceTripText } from '../../client/src/features/driver-time/parts.js';
import { delayText } from '../../client/src/shared/trips/delay-text.js';
import type { Translate } from '../../client/src/app/providers/translate.js';

/** A translate over a catalogue, interpolating {{name}}: enough for these messages. */
const translator = (catalogue: object): Translate => (key, options = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
};
const t = translator(ja);
const DATE = '2026-11-24';
const empty = draftOf(DATE, null);
const draft = (patch: Partial<Draft>): Draft => ({ ...empty, ...patch });

describe('times of a working day', () => {
  it('reads HH:mm up to 47:59 (the next morning) and nothing else', () => {
    expect(workTimeMinutes('00:00')).toBe(0);
    expect(workTimeMinutes('25:30')).toBe(25 * 60 + 30);
    expect(workTimeMinutes('47:59')).toBe(47 * 60 + 59);
    expect(workTimeMinutes('48:00')).toBeNull();
    expect(workTimeMinutes('9:00')).toBeNull();
    expect(workTimeMinutes('09:60')).toBeNull();
  });
  it('goes to an instant and back, the next morning written past 24', () => {
    const instant = instantOfWorkTime(DATE, '25:30')!;
    expect(instant).toBe('2026-11-24T16:30:00.000Z');
    expect(workTimeOf(DATE, instant)).toBe('25:30');
    expect(instantOfWorkTime(DATE, '')).toBeNull();
    expect(instantOfWorkTime(DATE, 'abc')).toBeUndefined();
  });
});

describe('the row editor', () => {
  it('refuses an end before or at its start with the specification’s message, at the end’s field', () => {
    const { body, errors } = bodyOf(t, DATE, draft({ clock_in: '09:00', clock_out: '08:59', departure_at: '10:00', return_at: '10:00', breaks: [{ start: '12:00', end: '11:00' }] }), 0);
    expect(body).toBeUndefined();
    expect(errors).toEqual({
      clock_out: '終了時間が開始時間以降ではありません',
      return_at: '終了時間が開始時間以降ではありません',
      'breaks.0.end': '終了時間が開始時間以降ではありません',
    });
    expect(bodyOf(translator(en), DATE, draft({ clock_in: '09:00', clock_out: '08:00' }), 0).errors.clock_out).toBe('End time must after start time');
  });
  it('names a malformed time, an odometer going back, alcohol out of 0..5 mg/L and a break outside work', () => {
    const { errors } = bodyOf(t, DATE, draft({ clock_in: '8:00', clock_out: '17:00', odometer_start: '100', odometer_end: '99', alcohol_check_after: '5.5' }), 0);
    expect(errors).toEqual({
      clock_in: '出勤はHH:mm形式で入力してください（翌日の時刻は24:00〜47:59）。',
      odometer_end: '帰庫メーターは出庫メーター以上の値を入力してください。',
      alcohol_check_after: 'アルコール（乗務後）は0〜5 mg/Lの範囲で入力してください。',
    });
    expect(bodyOf(t, DATE, draft({ clock_in: '08:00', clock_out: '17:00', breaks: [{ start: '16:50', end: '17:20' }] }), 0).errors).toEqual({
      'breaks.0.end': '休憩は出勤から退勤までの間で入力してください。',
    });
  });
  it('sends instants, the break total of the intervals and the version; a night shift keeps its figures', () => {
    const { body } = bodyOf(t, DATE, draft({ clock_in: '20:00', clock_out: '29:30', breaks: [{ start: '24:00', end: '25:00' }], checker: ' 高橋 ' }), 3);
    expect(body).toMatchObject({
      version: 3,
      clock_in: '2026-11-24T11:00:00.000Z',
      clock_out: '2026-11-24T20:30:00.000Z',
      break_minutes: 60,
      departure_at: null,
      checker: '高橋',
      note: null,
    });
    expect(previewFigures(body, DATE)).toMatchObject({ binding: 570, worked: 510, overtime: 30, lateNight: 360 });
  });
  it('fills the inputs from a stored day', () => {
    const stored = bodyOf(t, DATE, draft({ clock_in: '06:30', clock_out: '15:05', breaks: [{ start: '12:00', end: '12:45' }], alcohol_check_before: '0' }), 0).body!;
    const record = { id: 1, date: DATE, updated_at: '', updated_by_name: null, ...stored, version: 2 } as Parameters<typeof draftOf>[1];
    expect(draftOf(DATE, record)).toMatchObject({ clock_in: '06:30', clock_out: '15:05', breaks: [{ start: '12:00', end: '12:45' }], break_minutes: '', alcohol_check_before: '0' });
  });
});

describe('a departure’s delay', () => {
  it('reads minutes under an hour, hours and minutes from an hour on, nothing when on time', () => {
    expect(delayText(t, 45)).toBe('45分');
    expect(delayText(t, 60)).toBe('1時間0分');
    expect(delayText(t, 721)).toBe('12時間1分');
    expect(delayText(translator(en), 721)).toBe('12 h 1 min');
    expect(delayText(t, 0)).toBe('');
    expect(delayText(t, null)).toBe('');
  });
});

describe('a trip on the attendance line', () => {
  const trip = { route_name: '品川区ルート', trip_no: 3, department_name: '品川センター' };
  it("names the trip's center only when it is not the driver's base, in the language's brackets", () => {
    expect(attendanceTripText(t, trip, '品川センター')).toBe('品川区ルート');
    expect(attendanceTripText(t, trip, '横浜センター')).toBe('品川区ルート（品川センター）');
    expect(attendanceTripText(translator(en), trip, null)).toBe('品川区ルート (品川センター)');
  });
  it('names a trip without a route by its number', () => {
    expect(attendanceTripText(t, { ...trip, route_name: null }, '品川センター')).toBe('便3');
    expect(attendanceTripText(translator(en), { ...trip, route_name: null }, '品川センター')).toBe('Trip 3');
  });
});
