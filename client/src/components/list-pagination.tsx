/** The pagination every list shares: 50 rows a page, a size changer and `1-50 / 352件`. */
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

/** Planners scan long lists: 50 rows a page, more on demand (the API serves up to 500). */
export const PAGE_SIZE = 50;
export const PAGE_SIZES = [20, 50, 100, 200];

/** `1-50 / 352件` (en `1-50 of 352`) and the page-size changer. */
export function usePagination(pagination: TablePaginationConfig | false | undefined): TablePaginationConfig | false {
  const { t } = useTranslation();
  if (pagination === false) return false;
  return {
    ...pagination,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (total, [from, to]) => <span data-testid="list-total">{t('table.total', { from, to, total })}</span>,
  };
}
