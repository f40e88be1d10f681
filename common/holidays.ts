/**
 * Japan's public holidays (国民の祝日, 振替休日, 国民の休日) from the Cabinet Office's list, kept by the
 * holiday-jp project (`@holiday-jp/holiday_jp`: 1970 to 2050, updated when the law changes).
 */
import holidayJp from '@holiday-jp/holiday_jp';

/** The holiday's Japanese name on a calendar day (YYYY-MM-DD), or null on a working day. */
export function publicHolidayName(date: string): string | null {
  // The list's dates are the calendar days at UTC midnight.
  const [holiday] = holidayJp.between(new Date(`${date}T00:00:00Z`), new Date(`${date}T00:00:00Z`));
  return holiday?.name ?? null;
}

export const isPublicHoliday = (date: string): boolean => publicHolidayName(date) !== null;
