/** A trip's status as a coloured tag: 計画 (grey), 積込中 (gold), 配送中 (blue), 完了 (green), 取消 (red). */
import { Tag } from 'antd';
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
