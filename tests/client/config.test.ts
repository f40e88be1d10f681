/** The specification's notification paging (section 9). */
import { describe, expect, it } from 'vitest';
import { notificationPageSize } from '../../client/src/app/config.js';

describe('notification paging', () => {
  it('asks page 1 again, 15 × (presses so far + 2) long, on each "show more"', () => {
    expect(notificationPageSize(0)).toBe(30);
    expect(notificationPageSize(1)).toBe(45);
    expect(notificationPageSize(4)).toBe(90);
  });
});
