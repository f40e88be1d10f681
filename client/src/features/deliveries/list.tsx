/**
 * `/delivery` 配送一覧: the deliveries of a date range in the caller's scope, filtered and searched;
 * the columns and conditions the user chose are kept per user (state.ts, persistence.ts); totals of
 * the page; CSV export of the current conditions; CSV import per date; delete of unallocated rows.
 * A delivery company's user (level 5) reads the list only.
 */
import { CreateButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { useList, type BaseKey, type HttpError } from '@refinedev/core';
import { DatePicker, Form, Input, Select, Space, Table, type TableColumnType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { tripLabel } from '../../../../common/allocation.js';
import { DELIVERY_RANGE_MAX_DAYS, tokyoToday } from '../../../../common/deliveries.js';
import { DATE_DISPLAY_FORMAT, formatDate, formatDateTime } from '../../../../common/time.js';
import { CsvExportButton } from '../../shared/components/csv-export-button.js';
import { CsvImportButtons } from '../../shared/components/csv-import.js';
import { DeleteSelectedButton } from '../../shared/components/delete-selected-button.js';
import { RowLinkButton, useRowLinks } from '../../shared/components/row-links.js';
import { DateRangeFilter, MultiSelectFilter, PAGE_SIZE, useListTableProps } from '../../shared/components/list-table.js';
import { useLiveRefetch } from '../../shared/realtime/use-live.js';
import type { Trip } from '../../shared/trips/types.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { actionsColumn, clipped, headerCell } from '../../shared/masters/columns.js';
import { RefSelect } from '../../shared/masters/ref-select.js';
import { isCarrier } from '../../shared/masters/rules.js';
import { reportLocationText } from '../../shared/map/map-logic.js';
import { canAccess } from '../../app/providers/access-control.js';
import { DELIVERY_CHANNEL } from '../../shared/realtime/live-channels.js';
import { toast } from '../../app/providers/toast.js';
import { DelayTag, DeliveryStatusTag, numberText, quantityText } from '../../shared/deliveries/cells.js';
import { ColumnChooser } from './column-chooser.js';
import { fetchServerConfig, hasNoStoredState, persistState, readStoredState } from './persistence.js';
import {
  DELAY_STATUSES,
  DELIVERY_STATUSES,
  exportPath,
  restoreState,
  searchToFilters,
  SORTABLE,
  visibleColumns,
  type ColumnConfig,
  type DeliverySearch,
  type RestoredState,
} from './state.js';
import { pageTotals } from '../../shared/deliveries/page-totals.js';
import { isUnassigned, type Delivery } from './types.js';
import { tripDetailPath } from '../../shared/trips/state.js';
import { StopProgressTags } from '../../shared/trips/stop-progress-tags.js';
import { keyIn, type Translate, useT } from '../../app/providers/translate.js';
import { BESIDE, fitting } from '../../shared/components/fitting-width.js';

const RESOURCE = 'deliveries';
const DAY = 'YYYY-MM-DD';

interface FilterValues {
  range?: [Dayjs, Dayjs];
  department_id?: number | null;
  delivery_company_id?: number | null;
  driver_id?: number | null;
  vehicle_allocation_id?: number | null;
  status?: number[];
  delivery_delay_status?: number[];
  q?: string;
}

function toFormValues(search: DeliverySearch): FilterValues {
  return { ...search, range: [dayjs(search.date_from), dayjs(search.date_to)] };
}

function fromFormValues(values: FilterValues, previous: DeliverySearch): DeliverySearch {
  const range = values.range;
  const id = (value: number | null | undefined) => value ?? undefined;
  const list = (value: number[] | undefined) => (value && value.length > 0 ? value : undefined);
  return {
    date_from: range?.[0] ? range[0].format(DAY) : previous.date_from,
    date_to: range?.[1] ? range[1].format(DAY) : previous.date_to,
    department_id: id(values.department_id),
    delivery_company_id: id(values.delivery_company_id),
    driver_id: id(values.driver_id),
    vehicle_allocation_id: id(values.vehicle_allocation_id),
    status: list(values.status),
    delivery_delay_status: list(values.delivery_delay_status),
    q: values.q?.trim() || undefined,
  };
}

/** The trip a row is on, as the list names it (its route name, else 便3 / Trip 3); null off a trip. */
const routeOf = (row: Delivery, t: Translate) => (row.trip_no === null ? null : tripLabel({ route_name: row.route_name, trip_no: row.trip_no }, t));

/** Trips to filter by: the trip list for those who may read it, else the trips seen on the page. */
function useTripOptions(search: DeliverySearch, rows: readonly Delivery[], canListTrips: boolean) {
  const { t } = useT();
  const { data } = useList<Pick<Trip, 'id' | 'trip_no' | 'route_name' | 'vehicle_number'>>({
    resource: 'vehicle-allocations',
    filters: [
      { field: 'date_from', operator: 'eq', value: search.date_from },
      { field: 'date_to', operator: 'eq', value: search.date_to },
    ],
    pagination: { pageSize: 500, mode: 'server' },
    queryOptions: { enabled: canListTrips },
    errorNotification: false,
  });
  return useMemo(() => {
    const seen = new Map<number, string>();
    if (canListTrips) {
      for (const trip of data?.data ?? []) {
        seen.set(trip.id, [tripLabel(trip, t), trip.vehicle_number].filter(Boolean).join(' '));
      }
    }
    for (const row of rows) {
      if (row.vehicle_allocation_id !== null && !seen.has(row.vehicle_allocation_id)) {
        seen.set(row.vehicle_allocation_id, [routeOf(row, t), row.vehicle_number].filter(Boolean).join(' '));
      }
    }
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [canListTrips, data, rows, t]);
}

export default function DeliveryListPage() {
  const { t } = useT();
  const { profile } = useProfile();
  const readOnly = isCarrier(profile);
  const canListTrips = canAccess(profile, 'vehicle_allocation', 'list');
  const canListDepartments = canAccess(profile, 'department', 'list');
  const canListCompanies = canAccess(profile, 'delivery_company', 'list');
  const links = useRowLinks(RESOURCE);
  const today = tokyoToday();
  const [state, setState] = useState<RestoredState>(() => restoreState(readStoredState(), today));
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const [importDate, setImportDate] = useState<Dayjs | null>(() => dayjs(state.search.date_from));
  const [form] = Form.useForm<FilterValues>();

  const { tableProps, sorters, setFilters, setCurrent, tableQuery } = useTable<Delivery, HttpError>({
    resource: RESOURCE,
    sorters: { initial: [{ field: 'date', order: 'asc' }] },
    filters: { initial: searchToFilters(state.search), defaultBehavior: 'replace' },
    pagination: { pageSize: PAGE_SIZE },
    syncWithLocation: false,
  });
  const rows = useMemo(() => (tableProps.dataSource ?? []) as Delivery[], [tableProps.dataSource]);
  // A refetch (a refused delete, another planner's allocation) may put a selected row on a trip: it is no longer selectable.
  useEffect(() => setSelected((keys) => keys.filter((key) => rows.some((row) => row.id === key && isUnassigned(row)))), [rows]);
  const listTableProps = useListTableProps(tableProps, setCurrent);
  // A trip changed (driver, vehicle, stops, status): its deliveries' rows are read again, in place;
  // the selection, the page and the scroll stay.
  const live = useLiveRefetch(DELIVERY_CHANNEL, () => tableQuery.refetch());
  const tripOptions = useTripOptions(state.search, rows, canListTrips);

  const warnSaveFailed = () => toast.info(t('deliveryScreens.columns.saveFailed'), 'column-config');

  const apply = (next: RestoredState, { refetch }: { refetch: boolean }) => {
    setState(next);
    void persistState(next.columns, next.search, today, warnSaveFailed);
    if (!refetch) return;
    setSelected([]);
    setFilters(searchToFilters(next.search), 'replace');
    setCurrent(1);
  };

  // Right after a login this browser has nothing; the server's copy (if the profile lacked it) restores the choice.
  useEffect(() => {
    if (!hasNoStoredState(readStoredState())) return;
    fetchServerConfig()
      .then((server) => {
        const restored = restoreState({ server }, today);
        setState(restored);
        form.setFieldsValue(toFormValues(restored.search));
        setFilters(searchToFilters(restored.search), 'replace');
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render: a later restore would overwrite the user's choice
  }, []);

  const search = state.search;
  const onFilters = (_changed: Partial<FilterValues>, all: FilterValues) => {
    if ('q' in _changed) return; // the search box searches on Enter or its button
    apply({ ...state, search: fromFormValues(all, search) }, { refetch: true });
  };
  const onColumns = (columns: ColumnConfig) => apply({ ...state, columns }, { refetch: false });
  const refresh = () => {
    setSelected([]);
    void tableQuery.refetch();
  };

  const columns = buildColumns(visibleColumns(state.columns), sorters, t, canListTrips);
  const deletable = !readOnly;
  const totals = pageTotals(rows);

  return (
    <List
      title={t('deliveryScreens.titles.list')}
      breadcrumb={false}
      headerButtons={
        <>
          {/* Beside the page's buttons: under the filters, which take two lines, it took a line of its own. */}
          {deletable ? (
            <DeleteSelectedButton
              resource={RESOURCE}
              ids={selected}
              names={rows.filter((row) => selected.includes(row.id)).map((row) => `${row.slip_number} ${row.store_name ?? ''}`.trim())}
              onDeleted={refresh}
            />
          ) : null}
          {readOnly ? null : <CreateButton resource={RESOURCE} data-testid="delivery-create" />}
          {readOnly ? null : (
            <CsvImportButtons
              resource={RESOURCE}
              title={t('deliveryScreens.titles.import')}
              fieldNamespace="deliveryScreens.fields"
              onImported={refresh}
              templatePath="template"
              params={{ date: importDate?.format(DAY) }}
              extra={
                <Space direction="vertical" size={2}>
                  <Space>
                    <span>{t('deliveryScreens.import.date')}</span>
                    <DatePicker value={importDate} onChange={setImportDate} format={DATE_DISPLAY_FORMAT} allowClear={false} data-testid="import-date" />
                  </Space>
                  <span className="list-hint">{t('deliveryScreens.import.dateHint')}</span>
                </Space>
              }
            />
          )}
          <CsvExportButton path={(encoding) => exportPath(search, encoding)} fileName={`deliveries_${search.date_from}_${search.date_to}.csv`} />
          <ColumnChooser config={state.columns} onChange={onColumns} />
        </>
      }
    >
      <div className="list-toolbar">
        <Form<FilterValues>
          form={form}
          name="delivery-filters"
          layout="inline"
          className="list-filters"
          initialValues={toFormValues(search)}
          onValuesChange={onFilters}
        >
          <DateRangeFilter maxDays={DELIVERY_RANGE_MAX_DAYS} testId="delivery-range" />
          {canListDepartments ? (
            <Form.Item name="department_id">
              <RefSelect refSpec={{ resource: 'department' }} placeholder={t('deliveryScreens.fields.department_id')} style={{ width: 180 }} data-testid="delivery-department-filter" />
            </Form.Item>
          ) : null}
          {canListCompanies ? (
            <Form.Item name="delivery_company_id">
              <RefSelect refSpec={{ resource: 'delivery_company' }} placeholder={t('deliveryScreens.fields.delivery_company_id')} style={{ width: 180 }} data-testid="delivery-company-filter" />
            </Form.Item>
          ) : null}
          <Form.Item name="driver_id">
            <RefSelect refSpec={{ resource: 'driver', label: ['name'], sort: 'name' }} placeholder={t('deliveryScreens.fields.driver_id')} style={{ width: 150 }} data-testid="delivery-driver-filter" />
          </Form.Item>
          <Form.Item name="vehicle_allocation_id">
            <Select allowClear showSearch optionFilterProp="label" options={tripOptions} placeholder={t('deliveryScreens.fields.vehicle_allocation_id')} style={{ width: 150 }} data-testid="delivery-trip-filter" />
          </Form.Item>
          <MultiSelectFilter
            name="status"
            placeholder={t('deliveryScreens.filters.status')}
            options={DELIVERY_STATUSES.map((value) => ({ value, label: t(keyIn('deliveryScreens.status', value)) }))}
            width={200}
            testId="delivery-status-filter"
          />
          <MultiSelectFilter
            name="delivery_delay_status"
            placeholder={t('deliveryScreens.filters.delay')}
            options={DELAY_STATUSES.map((value) => ({ value, label: t(keyIn('deliveryScreens.delay', value)) }))}
            width={180}
            testId="delivery-delay-filter"
          />
          <Form.Item name="q">
            <Input.Search
              allowClear
              placeholder={t('deliveryScreens.search')}
              maxLength={100}
              enterButton={t('buttons.search')}
              onSearch={(q) => apply({ ...state, search: { ...search, q: q.trim() || undefined } }, { refetch: true })}
              style={fitting(t('deliveryScreens.search'), 340, BESIDE.searchButton)}
              data-testid="delivery-search"
            />
          </Form.Item>
        </Form>
      </div>
      <Table<Delivery>
        {...listTableProps}
        loading={live.refreshing ? false : listTableProps.loading}
        columns={[
          ...columns,
          actionsColumn<Delivery>(t('table.actions'), (row) => <RowLinkButton link={links.show} id={row.id} />),
        ]}
        rowSelection={
          deletable
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as BaseKey[]),
                getCheckboxProps: (row) => ({ disabled: !isUnassigned(row), title: isUnassigned(row) ? undefined : t('deliveryScreens.deleteOnlyUnassigned') }),
              }
            : undefined
        }
        summary={() =>
          rows.length === 0 ? null : (
            <Table.Summary>
              <Table.Summary.Row className="list-totals" data-testid="delivery-totals">
                {deletable ? <Table.Summary.Cell index={0} /> : null}
                {columns.map((column, index) => (
                  <Table.Summary.Cell key={String(column.key)} index={index + (deletable ? 1 : 0)} align={column.align}>
                    {totalCell(String(column.key), index, totals, t)}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={columns.length + (deletable ? 1 : 0)} />
              </Table.Summary.Row>
            </Table.Summary>
          )
        }
        data-testid="delivery-table"
      />
    </List>
  );
}

function totalCell(key: string, index: number, totals: ReturnType<typeof pageTotals>, t: Translate) {
  if (key === 'quantity') {
    return (
      <span data-testid="total-quantity">
        {Object.entries(totals.quantity)
          .map(([unit, count]) => quantityText(count, unit, t))
          .join(' / ')}
      </span>
    );
  }
  if (key === 'weight') return <span data-testid="total-weight">{numberText(totals.weight)}</span>;
  if (key === 'volume') return <span data-testid="total-volume">{numberText(totals.volume)}</span>;
  return index === 0 ? <strong>{t('deliveryScreens.totals.label')}</strong> : null;
}

type Render = (row: Delivery) => ReactNode;

/** How each column shows its value (all others: the text as it is). */
function cellRenderers(canListTrips: boolean, t: Translate): Partial<Record<string, Render>> {
  return {
    date: (row) => formatDate(row.date),
    status: (row) => (
      <>
        <DeliveryStatusTag value={row.status} plannedDeparture={row.planned_departure} />
        <StopProgressTags stop={row} confirmationAsMark />
      </>
    ),
    delivery_route: (row) =>
      row.vehicle_allocation_id !== null && canListTrips ? <Link to={tripDetailPath(row.vehicle_allocation_id)}>{routeOf(row, t)}</Link> : routeOf(row, t),
    delivery_delay_status: (row) => (row.vehicle_allocation_id === null ? null : <DelayTag value={row.delivery_delay_status} />),
    estimated_arrival_time: (row) => formatDateTime(row.estimated_arrival_time),
    report_time: (row) => formatDateTime(row.report_time),
    report_location: (row) => reportLocationText(row.report_location),
    address: (row) => (row.address ? clipped(row.address, CLIP.address) : ''),
    store_name: (row) => (row.store_name ? clipped(row.store_name, CLIP.store_name) : ''),
    item_name: (row) => (row.item_name ? clipped(row.item_name) : ''),
    quantity: (row) => quantityText(row.quantity, row.load_unit, t),
    volume: (row) => numberText(row.volume),
    weight: (row) => numberText(row.weight),
    slip_number: (row) => <Link to={`/delivery/detail/${row.id}`}>{row.slip_number}</Link>,
  };
}

const NUMERIC = new Set(['quantity', 'volume', 'weight']);

/**
 * Each column's least width in px, about what its content takes on a day's rows (a date and time is
 * 「2026/12/02 08:09」, a quantity's total 「11 パレット / 68 カゴ車」): the columns size to their content, so without it an empty or loading table
 * squeezed them and the header jumped when the rows arrived.
 */
/**
 * How wide a store name and an address are shown before they are cut (the whole text in a tooltip): at
 * 1366 px the default columns then end with 数量 left of the fixed 操作 column, its page total in view,
 * instead of under it, in English too (its headers and units are wider). A store name keeps the most
 * (about 16 characters: chain and branch), an address the least (its ward; the store says the rest).
 */
const CLIP = { store_name: 226, address: 100 } as const;

const MIN_WIDTH: Record<string, number> = {
  date: 128,
  status: 102,
  delivery_route: 114,
  driver_name: 102,
  delivery_delay_status: 88,
  estimated_arrival_time: 128,
  delivery_code: 96,
  store_name: CLIP.store_name + 16,
  address: CLIP.address + 16,
  quantity: 160,
  volume: 80,
  weight: 80,
  item_code: 72,
  item_name: 210,
  report_time: 128,
  report_location: 120,
  order_number: 146,
  slip_number: 114,
  department_name: 120,
  vehicle_number: 136,
  delivery_company_name: 150,
};

function buildColumns(
  keys: string[],
  sorters: ReturnType<typeof useTable>['sorters'],
  t: Translate,
  canListTrips: boolean,
): TableColumnType<Delivery>[] {
  const renderers = cellRenderers(canListTrips, t);
  return keys.map((key) => {
    const render = renderers[key];
    return {
      key,
      dataIndex: key,
      title: t(keyIn('deliveryScreens.fields', key)),
      align: NUMERIC.has(key) ? ('right' as const) : undefined,
      minWidth: MIN_WIDTH[key],
      onHeaderCell: headerCell,
      sorter: SORTABLE.has(key),
      defaultSortOrder: SORTABLE.has(key) ? getDefaultSortOrder(key, sorters) : undefined,
      render: render ? (_: unknown, row: Delivery) => render(row) : undefined,
    };
  });
}
