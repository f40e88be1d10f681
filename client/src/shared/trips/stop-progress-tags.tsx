/** A stop's step under way (荷待ち中 / 荷役中 since HH:mm) and its 荷主確認 as tags; nothing before the driver reports either. */
import { Tag } from 'antd';
import { useT } from '../../app/providers/translate.js';
import { timeOf } from '../times.js';
import { type StopProgress, stepUnderWay } from './stop-progress.js';

export function StopProgressTags({ stop, className }: { stop: StopProgress; className?: string }) {
  const { t } = useT();
  const underWay = stepUnderWay(stop);
  if (!underWay && stop.consignee_confirmed === null) return null;
  return (
    <span className={className} data-testid="stop-progress">
      {underWay ? (
        <Tag color={underWay.step === 'waiting' ? 'orange' : 'purple'} data-testid="stop-step" data-value={underWay.step}>
          {t(underWay.step === 'waiting' ? 'tripScreens.stopProgress.waiting' : 'tripScreens.stopProgress.working', { time: timeOf(underWay.since) })}
        </Tag>
      ) : null}
      {stop.consignee_confirmed === null ? null : (
        <Tag color={stop.consignee_confirmed ? 'green' : 'default'} data-testid="stop-confirmation" data-value={String(stop.consignee_confirmed)}>
          {t(stop.consignee_confirmed ? 'tripScreens.stopProgress.confirmed' : 'tripScreens.stopProgress.notConfirmed')}
        </Tag>
      )}
    </span>
  );
}
