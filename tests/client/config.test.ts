/** The specification's constants (section 9). */
import { describe, expect, it } from 'vitest';
import { HEADER_HEIGHT, LOGO_TOGGLE_MS, notificationPageSize, TOAST_DURATION_MS, TOAST_PLACEMENT } from '../../client/src/config.js';

describe('constants', () => {
  it('asks page 1 again, 15 × (presses so far + 2) long, on each "show more"', () => {
    expect(notificationPageSize(0)).toBe(30);
    expect(notificationPageSize(1)).toBe(45);
    expect(notificationPageSize(4)).toBe(90);
  });

  it('uses the specification’s header, toast and logo timings', () => {
    expect(HEADER_HEIGHT).toBe(85);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_PLACEMENT).toBe('topRight');
    expect(LOGO_TOGGLE_MS).toBe(4500);
  });
});
