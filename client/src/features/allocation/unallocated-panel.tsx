/** The board's left side: unallocated deliveries by direction (方面), selectable and draggable. */
import { CaretDownOutlined, CaretRightOutlined, HolderOutlined, SearchOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Checkbox, Empty, Input, Tag, Tooltip, Typography } from 'antd';
import { totalsOf, type Totals } from './board-logic.js';
import { formatNumber } from './labels.js';
import { windowText } from '../../shared/times.js';
import type { BoardDelivery, DirectionGroup } from '../../shared/trips/types.js';
import { unitText } from '../../shared/deliveries/cells.js';
import { useT } from '../../app/providers/translate.js';

export const UNALLOCATED_ID = 'unallocated';
/** The left side's scroll container (drag-scroll.ts leaves it alone while dragging). */
export const UNALLOCATED_CLASS = 'alloc-unallocated';

export const groupKey = (group: DirectionGroup) => `dir-${group.direction_id ?? 'none'}`;

export function TotalsText({ totals, testId }: { totals: Totals; testId?: string }) {
  const { t } = useT();
  return (
    <span className="alloc-totals" data-testid={testId}>
      {t('allocationScreens.board.totalsStrip', {
        count: totals.deliveries,
        quantity: formatNumber(totals.quantity),
        weight: formatNumber(totals.weight),
      })}
    </span>
  );
}

/** A direction of another center: 「板橋センターへ移送」, its tooltip saying how such goods go (a trip between centers, or from here). */
export function TransferTag({ center, className }: { center: string; className?: string }) {
  const { t } = useT();
  return (
    <Tooltip title={t('allocationScreens.board.transferHint', { center })}>
      <Tag color="purple" className={className} data-testid="transfer-tag">
        {t('allocationScreens.board.transferTo', { center })}
      </Tag>
    </Tooltip>
  );
}

function DeliveryRow({
  delivery,
  selected,
  onClick,
}: {
  delivery: BoardDelivery;
  selected: boolean;
  onClick: (delivery: BoardDelivery, range: boolean) => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `delivery:${delivery.id}`,
    data: { type: 'delivery', delivery },
  });
  const { t } = useT();
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      className={`alloc-delivery${selected ? ' alloc-delivery--selected' : ''}${isDragging ? ' alloc-delivery--dragging' : ''}`}
      data-testid="unallocated-delivery"
      data-delivery-id={delivery.id}
      onClick={(event) => onClick(delivery, event.shiftKey)}
      role="option"
      aria-selected={selected}
    >
      <Checkbox
        checked={selected}
        onClick={(event) => {
          event.stopPropagation();
          onClick(delivery, event.shiftKey);
        }}
        aria-label={delivery.slip_number}
      />
      <span className="alloc-delivery__store" title={t('app.withNote', { text: delivery.store_name ?? '', note: delivery.slip_number })}>
        {delivery.store_name}
      </span>
      <span className="alloc-delivery__slip">{delivery.slip_number}</span>
      <span className="alloc-delivery__qty">
        {delivery.quantity}
        <small>{unitText(delivery.quantity, delivery.load_unit, t)}</small>
      </span>
      <span className="alloc-delivery__kg">{formatNumber(delivery.weight ?? 0)}kg</span>
      <span className="alloc-delivery__window">
        {delivery.specified_time ? `◎${delivery.specified_time.slice(0, 5)}` : windowText(delivery.start_time, delivery.ending_time, t)}
      </span>
    </div>
  );
}

function GroupHeader({
  group,
  collapsed,
  onToggle,
  selectedCount,
  onSelectAll,
}: {
  group: DirectionGroup;
  collapsed: boolean;
  onToggle: () => void;
  selectedCount: number;
  onSelectAll: (all: boolean) => void;
}) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `group:${groupKey(group)}`,
    data: { type: 'group', deliveries: group.deliveries, name: group.direction_name },
  });
  const count = group.deliveries.length;
  return (
    <div className="alloc-group__header" data-testid="direction-header">
      <span ref={setNodeRef} {...attributes} {...listeners} className="alloc-handle" aria-label={group.direction_name ?? ''}>
        <HolderOutlined />
      </span>
      <Checkbox
        checked={count > 0 && selectedCount === count}
        indeterminate={selectedCount > 0 && selectedCount < count}
        onChange={(event) => onSelectAll(event.target.checked)}
        aria-label={t('allocationScreens.board.selectAll')}
      />
      <button type="button" className="alloc-group__toggle" onClick={onToggle} aria-expanded={!collapsed}>
        {collapsed ? <CaretRightOutlined /> : <CaretDownOutlined />}
        <strong>{group.direction_name ?? t('allocationScreens.board.noDirection')}</strong>
      </button>
      {group.transfer_to ? <TransferTag center={group.transfer_to} className="alloc-group__transfer" /> : null}
      <TotalsText totals={totalsOf(group.deliveries)} />
    </div>
  );
}

export function UnallocatedPanel({
  groups,
  search,
  selected,
  collapsed,
  onToggleGroup,
  onClickDelivery,
  onSelectGroup,
}: {
  /** Undefined while the board loads: nothing is listed and nothing is said to be empty. */
  groups: readonly DirectionGroup[] | undefined;
  /** The search box over the list: its words, what typing does, and how many deliveries there are without it. */
  search: { query: string; onChange: (query: string) => void; total: number };
  selected: ReadonlySet<number>;
  collapsed: ReadonlySet<string>;
  onToggleGroup: (key: string) => void;
  onClickDelivery: (delivery: BoardDelivery, range: boolean) => void;
  onSelectGroup: (group: DirectionGroup, all: boolean) => void;
}) {
  const { t } = useT();
  const { setNodeRef, isOver, active } = useDroppable({ id: UNALLOCATED_ID, data: { type: 'unallocated' } });
  const fromTrip = active?.data.current?.type === 'stop';
  const visible = (groups ?? []).filter((g) => g.deliveries.length > 0);
  return (
    <div
      ref={setNodeRef}
      className={`${UNALLOCATED_CLASS}${isOver && fromTrip ? ' alloc-drop--over' : ''}${fromTrip ? ' alloc-drop--ready' : ''}`}
      data-testid="unallocated-panel"
    >
      {fromTrip ? <div className="alloc-drop-hint">{t('allocationScreens.board.dropToUnassign')}</div> : null}
      <div className="alloc-search">
        <Input
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('allocationScreens.board.searchUnallocated')}
          value={search.query}
          onChange={(event) => search.onChange(event.target.value)}
          suffix={
            search.query.trim() && groups ? (
              <Typography.Text type="secondary" className="alloc-search__count" data-testid="unallocated-search-count">
                {t('allocationScreens.board.searchCount', { shown: visible.reduce((sum, g) => sum + g.deliveries.length, 0), total: search.total })}
              </Typography.Text>
            ) : undefined
          }
          onKeyDown={(event) => {
            if (event.key === 'Escape') search.onChange('');
          }}
          data-testid="unallocated-search"
          data-page-search
        />
      </div>
      {groups && visible.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(search.query.trim() ? 'allocationScreens.board.noMatch' : 'allocationScreens.board.noUnallocated')}
        />
      ) : null}
      {visible.map((group) => {
        const key = groupKey(group);
        const isCollapsed = collapsed.has(key);
        return (
          <section key={key} className="alloc-group" data-testid="direction-group" data-direction={group.direction_name ?? ''}>
            <GroupHeader
              group={group}
              collapsed={isCollapsed}
              onToggle={() => onToggleGroup(key)}
              selectedCount={group.deliveries.filter((d) => selected.has(d.id)).length}
              onSelectAll={(all) => onSelectGroup(group, all)}
            />
            {isCollapsed ? null : (
              <div role="listbox" aria-multiselectable>
                {group.deliveries.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} selected={selected.has(delivery.id)} onClick={onClickDelivery} />
                ))}
              </div>
            )}
          </section>
        );
      })}
      <Typography.Text type="secondary" className="alloc-hint">
        {t('allocationScreens.board.dragHint')}
      </Typography.Text>
    </div>
  );
}
