/** The specification's constants (section 9). */
export const HEADER_HEIGHT = 85;
export const TOAST_DURATION_MS = 5000;
export const TOAST_PLACEMENT = 'topRight' as const;
export const LOGO_TOGGLE_MS = 4500;
export const NOTIFICATION_PAGE_SIZE = 15;

/** Each press of "show more" asks page 1 again, larger: 15 × (presses so far + 2). */
export function notificationPageSize(pressesSoFar: number): number {
  return NOTIFICATION_PAGE_SIZE * (pressesSoFar + 2);
}
