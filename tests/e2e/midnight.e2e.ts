/** The browser test files that read today wait out Tokyo's midnight when it would fall during them (midnight.ts). */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FILE_MINUTES, todayForFile, waitBeforeFile } from './midnight.js';

const at = (utc: string) => Date.parse(`${utc}Z`);

describe("a file started near Tokyo's midnight (15:00 UTC)", () => {
  afterEach(() => vi.useRealTimers());

  test("reads the new day, once the midnight has passed", async () => {
    vi.useFakeTimers({ now: at('2026-12-03T14:58:00') });
    let day: string | undefined;
    const read = todayForFile().then((today) => (day = today));
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(day, 'still waiting at midnight itself').toBeUndefined();
    await vi.advanceTimersByTimeAsync(2_000);
    await read;
    expect(day).toBe('2026-12-04');
  });

  test('reads today at once when the midnight is far', async () => {
    vi.useFakeTimers({ now: at('2026-12-03T12:31:00') });
    expect(await todayForFile()).toBe('2026-12-03');
  });

  test('waits until 2 s past it when it comes within FILE_MINUTES', () => {
    expect(waitBeforeFile(at('2026-12-03T14:57:00'))).toBe(3 * 60_000 + 2_000);
    expect(waitBeforeFile(at('2026-12-03T14:59:59.500'))).toBe(500 + 2_000);
    expect(waitBeforeFile(at('2026-12-03T15:00:00') - FILE_MINUTES * 60_000 + 1)).toBe(FILE_MINUTES * 60_000 - 1 + 2_000);
  });

  test('does not wait further from it, nor once it has passed', () => {
    expect(waitBeforeFile(at('2026-12-03T15:00:00') - FILE_MINUTES * 60_000)).toBe(0);
    expect(waitBeforeFile(at('2026-12-03T12:31:00'))).toBe(0);
    expect(waitBeforeFile(at('2026-12-03T15:00:00'))).toBe(0);
    expect(waitBeforeFile(at('2026-12-03T15:00:01'))).toBe(0);
    // Tokyo's midnight, not the UTC one.
    expect(waitBeforeFile(at('2026-12-03T23:58:00'))).toBe(0);
  });
});
