/** A trip's status as a coloured tag: 計画 (grey), 積込中 (gold), 配送中 (blue), 完了 (green), 取消 (red); and whether it is confirmed. */
import { Tag } from 'antd';
import { HoverTooltip } from '../components/hover-tooltip.js';
import { formatDateTime } from '../../../common/time.js';
import { keyIn, useT } from '../providers/translate.js';

const STATUS_COLOURS: Record<string, string> = { '0': 'default', '1': 'gold', '2': 'blue', '3': 'green', '9': 'red' };

export function TripStatusTag({ status }: { status: number }) {
  const { t } = useT();
  return (
    <Tag color={STATUS_COLOURS[String(status)]} data-testid="trip-status" data-value={status}>
      {t(keyIn('tripScreens.status', status))}
    </Tag>
  );
}

/**
 * 確定 (published to the driver app; its time in the tooltip) or 未確定 (a draft), the same on the board,
 * the list and a trip's page. Green says confirmed; without an icon it stays as narrow as a status tag
 * (the trip list fits 1366 px in English).
 */
export function TripConfirmationTag({ confirmedAt }: { confirmedAt: string | null }) {
  const { t } = useT();
  if (!confirmedAt) return <Tag data-testid="trip-draft">{t('tripScreens.draft')}</Tag>;
  return (
    <HoverTooltip title={t('tripScreens.confirmedAt', { at: formatDateTime(confirmedAt) })}>
      <Tag color="green" data-testid="trip-confirmed">
        {t('allocationScreens.board.confirmed')}
      </Tag>
    </HoverTooltip>
  );
}
