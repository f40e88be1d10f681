/** A master list's columns, from its declaration. */
import { getDefaultSortOrder } from '@refinedev/antd';
import type { BaseRecord, CrudSorting } from '@refinedev/core';
import { Space, Tag, type TableColumnType } from 'antd';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { HoverTooltip } from '../components/hover-tooltip.js';
import { approvalPath, cellText, groupSpans, isNumericColumn } from './rules.js';
import type { ColumnSpec, MasterDeclaration } from './types.js';
import { keyIn, type Translate } from '../../app/providers/translate.js';

function temporaryTag(master: MasterDeclaration, record: BaseRecord, t: Translate, link: boolean) {
  if (!master.temporary || !record.temporary_registration_date) return null;
  const path = link ? approvalPath(master, record.id as number) : undefined;
  const tag = (
    <Tag color="orange" data-testid="temporary-tag">
      {t('masterEnums.temporary')}
    </Tag>
  );
  return path ? <Link to={path}>{tag}</Link> : tag;
}

/** Headers stay on one line: a Japanese label broken mid-word (「更新日 / 時」) reads badly. */
export const headerCell = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** A list's row buttons: the last column, always in view (fixed to the right), its header on one line. */
export function actionsColumn<T>(title: string, render: (row: T) => ReactNode): TableColumnType<T> {
  return { title, key: 'actions', fixed: 'right', onHeaderCell: headerCell, render: (_: unknown, row: T) => render(row) };
}

/**
 * A numeric column's header may take two lines, broken only at a space or before its unit
 * (「最大積載量 / （kg）」, "Max loading / capacity (kg)"), never inside a word: its figures are
 * narrow, and in English the long labels pushed the last columns under the actions column. A wrapped
 * header is as wide as its limit (9em), not its longest line: a column of short figures says less.
 */
export const wrapping = (title: string, maxWidth?: number | string) => (
  <span className="col-title--wrap" style={maxWidth === undefined ? undefined : { maxWidth }}>
    {title}
  </span>
);

/**
 * A long text (an address) cut at a readable width, 280 px unless a denser list says less, whole in
 * a tooltip; nothing for no text. Cut by the cell itself, not antd's column ellipsis, which would
 * force a fixed table layout and squeeze every other column.
 */
const CLIPPED_STYLE = {
  display: 'inline-block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

export function clipped(text: string | null | undefined, maxWidth: number | string = 280) {
  if (!text) return '';
  return (
    <HoverTooltip placement="topLeft" title={text}>
      <span style={{ ...CLIPPED_STYLE, maxWidth }} data-testid="clipped-text">
        {text}
      </span>
    </HoverTooltip>
  );
}

export function buildColumns(
  master: MasterDeclaration,
  rows: readonly BaseRecord[],
  sorters: CrudSorting,
  t: Translate,
  /** the tag links to the approval screen (users who may edit) */
  linkTemporary = true,
): TableColumnType<BaseRecord>[] {
  const title = (column: ColumnSpec) => t(keyIn(master.i18n, `fields.${column.label ?? column.name}`));
  return master.columns.map((column: ColumnSpec) => {
    // Merge a group's cells only while the rows are sorted by it.
    const grouped = column.groupBy && sorters[0]?.field === column.groupBy;
    const spans = grouped ? groupSpans(rows as Record<string, unknown>[], column.groupBy!) : undefined;
    return {
      key: column.sort ?? column.name,
      dataIndex: column.name,
      title: isNumericColumn(column) ? wrapping(title(column)) : title(column),
      align: isNumericColumn(column) ? ('right' as const) : undefined,
      onHeaderCell: headerCell,
      sorter: Boolean(column.sort),
      defaultSortOrder: column.sort ? getDefaultSortOrder(column.sort, sorters) : undefined,
      onCell: spans ? (_record: BaseRecord, index?: number) => ({ rowSpan: spans[index ?? 0] }) : undefined,
      render: (value: unknown, record: BaseRecord) => {
        const text = cellText(column, value, t);
        if (column.ellipsis) return clipped(text);
        if (!column.temporaryTag) return text;
        return (
          <Space size={4}>
            {text}
            {temporaryTag(master, record, t, linkTemporary)}
          </Space>
        );
      },
    };
  });
}
