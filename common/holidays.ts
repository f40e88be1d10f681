/**
 * Japan's public holidays (国民の祝日, 振替休日, 国民の休日) from the Cabinet Office's list, kept by the
 * holiday-jp project (`@holiday-jp/holiday_jp`: 1970 to 2050, updated when the law changes; its data
 * is in the package, nothing is fetched).
 *
 * Read by the day's key rather than through the library's `between` or `isHoliday`: both go through
 * every holiday since 1970 on each call (about 0.5 ms: a second and a half for a month of a hundred
 * drivers), and `between` reads a Date in the process's time zone, a day early west of UTC.
 */
import holidayJp from '@holiday-jp/holiday_jp';

const HOLIDAYS: Readonly<Partial<Record<string, { readonly name: string }>>> = holidayJp.holidays;

/** The holiday's Japanese name on a calendar day (YYYY-MM-DD), or null on a working day. */
export function publicHolidayName(date: string): string | null {
  return Object.hasOwn(HOLIDAYS, date) ? HOLIDAYS[date]!.name : null;
}

export const isPublicHoliday = (date: string): boolean => publicHolidayName(date) !== null;
