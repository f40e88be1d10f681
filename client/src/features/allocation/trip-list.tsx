/**
 * `/vehicle-allocation` 配車一覧: every trip of a date range in the planner's scope, filtered by center,
 * kind, company, vehicle, driver and status; load against capacity; pinned (固定) and confirmed (確定)
 * marks. Filters live in the URL, so a reload keeps them. A day's list fits a 1366 px screen in either
 * language: what belongs together shares a column, a value over its grey detail (center over kind,
 * driver over company, status over the marks), and a long name is cut with a tooltip.
 */
import { PushpinFilled } from '@ant-design/icons';
import { CreateButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Form, Select, Space, Table, Tooltip, type TableColumnType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { closedRefusal, routeText, TRIP_RANGE_MAX_DAYS, TRIP_STATUS, tripLabel } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { LEVEL } from '../../../../common/enums.js';
import { formatDate, formatDateTime } from '../../../../common/time.js';
import { CsvExportButton } from '../../shared/components/csv-export-button.js';
import { DateRangeFilter, MultiSelectFilter, overHint, PAGE_SIZE, useListTableProps } from '../../shared/components/list-table.js';
import { RowLinkButton, useRowLinks } from '../../shared/components/row-links.js';
import { useLiveRefetch } from '../../shared/realtime/use-live.js';
import { TRIP_CHANNEL } from '../../shared/realtime/live-channels.js';
import { actionsColumn, clipped, headerCell, wrapping } from '../../shared/masters/columns.js';
import { RefSelect } from '../../shared/masters/ref-select.js';
import { numberText, quantityText } from '../../shared/deliveries/cells.js';
import { filtersToTripSearch, tripDetailPath, tripExportPath, tripSearchToFilters, tripTotals, type TripSearch } from '../../shared/trips/state.js';
import { rememberCenterDay, rememberedCenterDay } from '../../shared/trips/center-day.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { isCarrier } from '../../shared/masters/rules.js';
import { DriverName } from './driver-name.js';
import { LoadBars } from './load-bars.js';
import { TripConfirmationTag, TripStatusTag } from '../../shared/trips/status-tag.js';
import { TRIP_KINDS, TRIP_STATUSES, type Trip, type TripKind } from '../../shared/trips/kinds.js';
import { keyIn, type Translate, useT } from '../../app/providers/translate.js';

const RESOURCE = 'vehicle-allocations';
const DAY = 'YYYY-MM-DD';

const fieldsOf = (t: Translate) => (name: string) => t(keyIn('tripScreens.fields', name));

/** 固定 (a pin) and 確定 or 未確定, as the board shows them. */
function TripMarks({ trip, t }: { trip: Trip; t: Translate }) {
  const f = fieldsOf(t);
  return (
    <Space size={6}>
      {trip.pinned ? (
        <Tooltip title={t('tripScreens.pinnedHint')}>
          <PushpinFilled style={{ color: '#1d5fbf' }} data-testid="trip-pinned" aria-label={f('pinned')} />
        </Tooltip>
      ) : null}
      <TripConfirmationTag confirmedAt={trip.confirmed_at} />
    </Space>
  );
}

function columnsOf(t: Translate, sorters: ReturnType<typeof useTable>['sorters']): TableColumnType<Trip>[] {
  const f = fieldsOf(t);
  const sortable = (key: string) => ({ sorter: true, defaultSortOrder: getDefaultSortOrder(key, sorters) });
  return [
    { key: 'date', dataIndex: 'date', title: f('date'), render: (value: string) => formatDate(value), ...sortable('date') },
    {
      key: 'trip_no',
      dataIndex: 'trip_no',
      // "Trip / no." on two lines in English, over numbers of one to three figures (「便No」 keeps one).
      title: wrapping(f('trip_no'), '2.5em'),
      align: 'right',
      ...sortable('trip_no'),
      render: (_: unknown, trip: Trip) => <Link to={tripDetailPath(trip.id)}>{trip.trip_no}</Link>,
    },
    {
      key: 'department_name',
      dataIndex: 'department_name',
      title: f('department_name'),
      ...sortable('department_name'),
      render: (_: unknown, trip: Trip) => overHint(clipped(trip.department_name, '8em'), t(keyIn('tripScreens.kind', trip.kind))),
    },
    {
      key: 'route',
      title: f('route'),
      render: (_: unknown, trip: Trip) => overHint(clipped(tripLabel(trip, t), '10em'), routeText(trip)),
    },
    {
      key: 'vehicle_number',
      dataIndex: 'vehicle_number',
      title: f('vehicle_number'),
      ...sortable('vehicle_number'),
      render: (_: unknown, trip: Trip) => overHint(trip.vehicle_number, trip.vehicle_type_name),
    },
    {
      key: 'driver_name',
      dataIndex: 'driver_name',
      title: f('driver_name'),
      ...sortable('driver_name'),
      render: (_: unknown, trip: Trip) => overHint(<DriverName name={trip.driver_name} />, clipped(trip.delivery_company_name, '13em')),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: f('status'),
      ...sortable('status'),
      render: (_: unknown, trip: Trip) => overHint(<TripStatusTag status={trip.status} plannedDeparture={trip.planned_departure} />, <TripMarks trip={trip} t={t} />),
    },
    {
      key: 'planned_departure',
      title: f('planned'),
      ...sortable('planned_departure'),
      render: (_: unknown, trip: Trip) => (
        <span className="trip-times">
          {[trip.planned_loading_start, trip.planned_departure, trip.planned_arrival].map((time) => formatDateTime(time).slice(11) || '—').join(' / ')}
        </span>
      ),
    },
    {
      key: 'load',
      title: wrapping(f('load')),
      align: 'right',
      render: (_: unknown, trip: Trip) => <LoadBars load={trip} capacities={trip} />,
    },
  ].map((column) => ({ ...column, onHeaderCell: headerCell }) as TableColumnType<Trip>);
}

/** The page's totals under the load column (the last of `columnsOf`): trips that run, their quantity per load unit and weight. */
function TripTotalsRow({ trips, loadColumn, t }: { trips: readonly Trip[]; loadColumn: number; t: Translate }) {
  if (trips.length === 0) return null;
  const totals = tripTotals(trips);
  const quantity = Object.entries(totals.quantity).map(([unit, count]) => quantityText(count, unit, t));
  return (
    <Table.Summary>
      <Table.Summary.Row className="list-totals" data-testid="trip-totals">
        <Table.Summary.Cell index={0} colSpan={loadColumn}>
          <strong>{t('tripScreens.totals', { count: totals.count })}</strong>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={loadColumn} align="right">
          {/* One figure per line, as narrow as the load column above it. */}
          <Space direction="vertical" size={0} data-testid="trip-totals-load">
            {[...quantity, `${numberText(totals.weight)}kg`].map((figure) => (
              <strong key={figure}>{figure}</strong>
            ))}
          </Space>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={loadColumn + 1} />
      </Table.Summary.Row>
    </Table.Summary>
  );
}

interface FilterValues {
  range?: [Dayjs, Dayjs];
  department_id?: number | null;
  kind?: TripKind | null;
  delivery_company_id?: number | null;
  vehicle_id?: number | null;
  driver_id?: number | null;
  status?: number[];
}

export default function TripListPage() {
  const { t } = useT();
  const links = useRowLinks(RESOURCE);
  const today = tokyoToday();
  const { profile } = useProfile();
  // A carrier reads its own company's trips (the server's scope): no center or company to choose, no trip to edit.
  const carrier = isCarrier(profile);
  // Opened from the menu: the day and center the planner last worked on (shared/trips/center-day.ts).
  const [remembered] = useState(() => rememberedCenterDay(profile?.id, today));
  const { tableProps, sorters, filters, setFilters, setCurrent, tableQuery } = useTable<Trip, HttpError>({
    resource: RESOURCE,
    sorters: { initial: [{ field: 'date', order: 'asc' }] },
    filters: {
      initial: tripSearchToFilters({ date_from: remembered.date ?? today, date_to: remembered.date ?? today, department_id: remembered.center }),
      defaultBehavior: 'replace',
    },
    pagination: { pageSize: PAGE_SIZE },
    syncWithLocation: true,
  });
  const search = useMemo(() => filtersToTripSearch(filters, today), [filters, today]);
  const listTableProps = useListTableProps(tableProps, setCurrent);
  const columns = columnsOf(t, sorters);
  // A trip changed somewhere (or a new one may belong on this page): the page is read again, in place.
  const live = useLiveRefetch(TRIP_CHANNEL, () => tableQuery.refetch());
  const id = (value: number | null | undefined) => value ?? undefined;

  const onValuesChange = (_: Partial<FilterValues>, all: FilterValues) => {
    const next: TripSearch = {
      date_from: all.range?.[0]?.format(DAY) ?? search.date_from,
      date_to: all.range?.[1]?.format(DAY) ?? search.date_to,
      department_id: id(all.department_id),
      kind: all.kind ?? undefined,
      delivery_company_id: id(all.delivery_company_id),
      vehicle_id: id(all.vehicle_id),
      driver_id: id(all.driver_id),
      status: all.status && all.status.length > 0 ? all.status : undefined,
    };
    setFilters(tripSearchToFilters(next), 'replace');
    // One day's list is the day worked on, as on the boards.
    if (next.date_from === next.date_to) rememberCenterDay(profile?.id, { date: next.date_from, center: next.department_id }, today);
    setCurrent(1);
  };

  return (
    <List
      title={t('tripScreens.titles.list')}
      breadcrumb={false}
      headerButtons={
        <>
          <CsvExportButton path={(encoding) => tripExportPath(search, encoding)} fileName={`trips_${search.date_from}_${search.date_to}.csv`} />
          <CreateButton resource={RESOURCE} data-testid="trip-create" />
        </>
      }
    >
      <div className="list-toolbar">
        <Form<FilterValues>
          name="trip-filters"
          layout="inline"
          className="list-filters"
          initialValues={{ ...search, range: [dayjs(search.date_from), dayjs(search.date_to)] }}
          onValuesChange={onValuesChange}
        >
          <DateRangeFilter maxDays={TRIP_RANGE_MAX_DAYS} testId="trip-range" />
          {carrier ? null : (
            <Form.Item name="department_id">
              <RefSelect refSpec={{ resource: 'department', filters: { level: LEVEL.center } }} placeholder={t('tripScreens.fields.department_id')} style={{ width: 140 }} data-testid="trip-department-filter" />
            </Form.Item>
          )}
          <Form.Item name="kind">
            <Select
              allowClear
              placeholder={t('tripScreens.fields.kind')}
              options={TRIP_KINDS.map((kind) => ({ value: kind, label: t(keyIn('tripScreens.kind', kind)) }))}
              style={{ width: 150 }}
              data-testid="trip-kind-filter"
            />
          </Form.Item>
          {carrier ? null : (
            <Form.Item name="delivery_company_id">
              <RefSelect refSpec={{ resource: 'delivery_company' }} placeholder={t('tripScreens.fields.delivery_company_id')} style={{ width: 170 }} data-testid="trip-company-filter" />
            </Form.Item>
          )}
          <Form.Item name="vehicle_id">
            <RefSelect refSpec={{ resource: 'vehicle', label: ['vehicle_number'] }} placeholder={t('tripScreens.fields.vehicle_id')} style={{ width: 140 }} data-testid="trip-vehicle-filter" />
          </Form.Item>
          <Form.Item name="driver_id">
            <RefSelect refSpec={{ resource: 'driver', label: ['name'], sort: 'name' }} placeholder={t('tripScreens.fields.driver_id')} style={{ width: 130 }} data-testid="trip-driver-filter" />
          </Form.Item>
          <MultiSelectFilter
            name="status"
            placeholder={t('tripScreens.fields.status')}
            options={TRIP_STATUSES.map((value) => ({ value, label: t(keyIn('tripScreens.status', value)) }))}
            width={150}
            testId="trip-status-filter"
          />
        </Form>
      </div>
      <Table<Trip>
        {...listTableProps}
        loading={live.refreshing ? false : listTableProps.loading}
        columns={[
          ...columns,
          actionsColumn<Trip>(t('table.actions'), (trip) => (
            // A completed or cancelled trip opens read-only (trip-form.tsx): its button says 詳細, not 編集. A carrier,
            // who edits no trip, opens its detail.
            <RowLinkButton link={!links.edit.allowed ? links.show : closedRefusal(trip, false) ? { ...links.edit, kind: 'show' } : links.edit} id={trip.id} />
          )),
        ]}
        rowClassName={(trip, index) => `${listTableProps.rowClassName(trip, index)}${trip.status === TRIP_STATUS.cancelled ? ' trip-row--cancelled' : ''}`}
        summary={(trips) => <TripTotalsRow trips={trips} loadColumn={columns.length - 1} t={t} />}
        data-testid="trip-table"
      />
    </List>
  );
}
