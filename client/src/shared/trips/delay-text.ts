import type { Translate } from '../../app/providers/translate.js';

/** A departure's delay: 「45分」 under an hour, 「12時間1分」 from an hour on (a count of minutes that long reads badly); '' when on time. */
export function delayText(t: Translate, minutes: number | null): string {
  if (minutes === null || minutes <= 0) return '';
  if (minutes < 60) return t('driverTime.screen.delayMinutes', { count: minutes });
  return t('driverTime.screen.delayHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
