/**
 * What every list shares: 50 rows a page with a size changer and `1-50 / 352件`, dense rows, headers
 * that stay under the app header, numbers and dates on one line, and a table that scrolls sideways
 * inside its card on a phone; plus the filters the operational lists share (a date range, multi-selects).
 */
import { QuestionCircleOutlined } from '@ant-design/icons';
import { DatePicker, Form, Select, Space, Tooltip, type TablePaginationConfig, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { DATE_DISPLAY_FORMAT } from '../../../../common/time.js';
import { HEADER_HEIGHT } from '../../app/config.js';
import { useListKeys } from './list-keys.js';
import { useT } from '../../app/providers/translate.js';

/** Planners scan long lists: 50 rows a page, more on demand (the API serves up to 500). */
export const PAGE_SIZE = 50;
export const PAGE_SIZES = [20, 50, 100, 200];
const NO_ROWS: readonly never[] = [];

/** `1-50 / 352件` (en `1-50 of 352`) and the page-size changer. */
export function usePagination(pagination: TablePaginationConfig | false | undefined): TablePaginationConfig | false {
  const { t } = useT();
  if (pagination === false) return false;
  return {
    ...pagination,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (total, [from, to]) => (
      <Space size={8}>
        <Tooltip title={t('table.keys')}>
          <span className="list-keys-hint" aria-label={t('table.keys')} data-testid="list-keys-hint">
            <QuestionCircleOutlined />
          </span>
        </Tooltip>
        <span data-testid="list-total">{t('table.total', { from, to, total })}</span>
      </Space>
    ),
  };
}

/**
 * The table props of a list page over Refine's `tableProps`, with the list's keys (list-keys.ts):
 * `setPage` is Refine's `setCurrent`. A page that sets its own `rowClassName` adds the returned one's.
 */
export function useListTableProps<T>(
  tableProps: TableProps<T>,
  setPage?: (page: number) => void,
): TableProps<T> & { rowClassName: (row: T, index: number) => string } {
  const { t } = useT();
  const pagination = usePagination(tableProps.pagination);
  const page = (pagination && pagination.current) || 1;
  const pages = pagination ? Math.ceil((pagination.total ?? 0) / (pagination.pageSize ?? PAGE_SIZE)) : 1;
  const rowClassName = useListKeys({ rows: tableProps.dataSource ?? NO_ROWS, page, pages, setPage });
  return {
    ...tableProps,
    rowClassName,
    rowKey: 'id',
    size: 'small',
    // Columns as wide as their content (sticky headers and the fixed actions column would force 'fixed').
    tableLayout: 'auto',
    sticky: { offsetHeader: HEADER_HEIGHT },
    pagination,
    // A list wider than the screen scrolls inside its card rather than squeezing dates onto two lines.
    scroll: { x: 'max-content' },
    locale: { emptyText: t('messages.emptyTable') },
  };
}

/** A cell's value over its grey detail (a store over its address, a vehicle's number over its type). */
export function overHint(value: ReactNode, hint: ReactNode) {
  return (
    <Space direction="vertical" size={0}>
      <span>{value}</span>
      <span className="list-hint">{hint}</span>
    </Space>
  );
}

/** A date range of at most `maxDays` days (the list's limit), always set. */
export function DateRangeFilter({ name = 'range', maxDays, testId }: { name?: string; maxDays: number; testId: string }) {
  return (
    <Form.Item name={name}>
      <DatePicker.RangePicker
        format={DATE_DISPLAY_FORMAT}
        allowClear={false}
        disabledDate={(current, info) => Boolean(info?.from && Math.abs(current.diff(info.from, 'day')) >= maxDays)}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** A filter taking several values of an enum (statuses). */
export function MultiSelectFilter({
  name,
  placeholder,
  options,
  width,
  testId,
}: {
  name: string;
  placeholder: string;
  options: { value: number | string; label: string }[];
  width: number;
  testId: string;
}) {
  return (
    <Form.Item name={name}>
      <Select mode="multiple" allowClear maxTagCount="responsive" placeholder={placeholder} options={options} style={{ width }} data-testid={testId} />
    </Form.Item>
  );
}
