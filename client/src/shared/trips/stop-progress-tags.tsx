/**
 * A stop's step under way (荷待ち中 / 荷役中 since HH:mm) as a tag, and its 荷主確認 once given: a tag, or
 * where a row has no room for it (the delivery list) a mark named by the same words.
 */
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useT } from '../../app/providers/translate.js';
import { timeOf } from '../times.js';
import { type StopProgress, stepUnderWay } from './stop-progress.js';

export function StopProgressTags({ stop, className, confirmationAsMark = false }: { stop: StopProgress; className?: string; confirmationAsMark?: boolean }) {
  const { t } = useT();
  const underWay = stepUnderWay(stop);
  if (!underWay && stop.consignee_confirmed === null) return null;
  const confirmation = stop.consignee_confirmed === null ? null : t(stop.consignee_confirmed ? 'tripScreens.stopProgress.confirmed' : 'tripScreens.stopProgress.notConfirmed');
  return (
    <span className={className} data-testid="stop-progress">
      {underWay ? (
        <Tag color={underWay.step === 'waiting' ? 'orange' : 'purple'} data-testid="stop-step" data-value={underWay.step}>
          {t(underWay.step === 'waiting' ? 'tripScreens.stopProgress.waiting' : 'tripScreens.stopProgress.working', { time: timeOf(underWay.since) })}
        </Tag>
      ) : null}
      {confirmation === null ? null : confirmationAsMark ? (
        <ConfirmationMark confirmed={stop.consignee_confirmed === true} label={confirmation} />
      ) : (
        <Tag color={stop.consignee_confirmed ? 'green' : 'default'} data-testid="stop-confirmation" data-value={String(stop.consignee_confirmed)}>
          {confirmation}
        </Tag>
      )}
    </span>
  );
}

/** 荷主確認 as a mark: a green tick when confirmed, a grey circle when not; its words as its name and tooltip. */
function ConfirmationMark({ confirmed, label }: { confirmed: boolean; label: string }) {
  const Mark = confirmed ? CheckCircleFilled : MinusCircleOutlined;
  return (
    <Typography.Text type={confirmed ? 'success' : 'secondary'}>
      <Mark aria-label={label} title={label} data-testid="stop-confirmation" data-value={String(confirmed)} />
    </Typography.Text>
  );
}
