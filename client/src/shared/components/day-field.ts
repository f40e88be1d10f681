/** Form.Item props for a calendar day kept as `YYYY-MM-DD` in the form and picked in a date picker. */
import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

export const dayField = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format(DAY) : null),
};
