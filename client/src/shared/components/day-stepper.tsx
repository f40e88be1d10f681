/** A day picker between previous-day and next-day buttons (YYYY/MM/DD), as the day-based screens use it. */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { addDays } from '../../../../common/deliveries.js';
import { DATE_DISPLAY_FORMAT } from '../../../../common/time.js';

export function DayStepper({
  date,
  onChange,
  prevLabel,
  nextLabel,
  shortcut,
  pickerTestId,
  pickerLabel,
}: {
  date: string;
  onChange: (date: string) => void;
  prevLabel: string;
  nextLabel: string;
  /** shown in the buttons' tooltips, e.g. ['Alt+←', 'Alt+→'] */
  shortcut?: [string, string];
  pickerTestId: string;
  pickerLabel?: string;
}) {
  const hint = (label: string, key?: string) => (key ? `${label} (${key})` : label);
  return (
    <Space.Compact>
      <Tooltip title={hint(prevLabel, shortcut?.[0])}>
        <Button icon={<LeftOutlined />} onClick={() => onChange(addDays(date, -1))} data-testid="prev-day" aria-label={prevLabel} />
      </Tooltip>
      <DatePicker
        allowClear={false}
        value={dayjs(date)}
        format={DATE_DISPLAY_FORMAT}
        onChange={(value) => value && onChange(value.format('YYYY-MM-DD'))}
        data-testid={pickerTestId}
        aria-label={pickerLabel}
      />
      <Tooltip title={hint(nextLabel, shortcut?.[1])}>
        <Button icon={<RightOutlined />} onClick={() => onChange(addDays(date, 1))} data-testid="next-day" aria-label={nextLabel} />
      </Tooltip>
    </Space.Compact>
  );
}
