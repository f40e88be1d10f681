/**
 * センター間配車, one screen for both kinds: tomorrow's plan (between_centers_before) and same-day
 * changes (between_centers_today). Demand between centers in pallets or cage carts, the trips
 * covering it (create, split, reassign, cancel) and the day by vehicle as a time chart.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Space, Table, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { LOAD_UNIT, RECEIVE_TIMING, TRIP_MODE } from '../../../../common/enums.js';
import { formatDate } from '../../../../common/time.js';
import { overHint } from '../../shared/components/list-table.js';
import { useLiveRefetch } from '../../shared/realtime/use-live.js';
import { TRIP_CHANNEL } from '../../shared/realtime/live-channels.js';
import { toast } from '../../app/providers/toast.js';
import { cancelTrip, fetchBoard, fetchTransfers, patchTrip } from './api.js';
import { CopyPreviousDayButton } from './copy-previous-day.js';
import { addDays, TRIP_STATUS } from '../../../../common/allocation.js';
import { tokyoToday } from '../../../../common/deliveries.js';
import { shiftInstant } from './board-logic.js';
import { LoadFailure } from '../../shared/components/load-failure.js';
import { CenterDateBar, failedRead, notLoadedYet, useCenterDate } from './center-date.js';
import { formatNumber } from './labels.js';
import { useTripWrites } from './trip-writes.js';
import { timeOnDay } from '../../shared/times.js';
import { actionsColumn } from '../../shared/masters/columns.js';
import { TripStatusTag } from '../../shared/trips/status-tag.js';
import { TimeChart, type ChartMove, type ChartRow } from './time-chart.js';
import type { TransferDemand, Trip } from '../../shared/trips/types.js';
import { CreateTransferDialog, ReassignTripDialog, SplitTripDialog, type TransferKind, type TripForm } from './transfer-dialogs.js';
import './styles.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import { DriverName } from './driver-name.js';

type Dialog =
  | { type: 'create'; initial: TripForm }
  | { type: 'split'; trip: Trip }
  | { type: 'reassign'; trip: Trip };

/** The screen's three tables: compact, whole (no pager: a day's lanes and trips are few), as wide as their cells. */
const WHOLE_TABLE = { size: 'small', pagination: false, tableLayout: 'auto', scroll: { x: 'max-content' } } as const;

export function BetweenCenters({ kind }: { kind: TransferKind }) {
  const { t } = useT();
  const { modal } = App.useApp();
  // The day the trips run; 前日計画 carries the next day's deliveries (the server's reading of the kinds).
  const state = useCenterDate(tokyoToday());
  const { centerId, date } = state;
  const queryClient = useQueryClient();
  const key = ['allocation', 'transfers', kind, centerId, date];
  const transfers = useQuery({ queryKey: key, queryFn: () => fetchTransfers(kind, date, centerId), enabled: centerId !== undefined });
  // The center's vehicles (busy or not) and drivers, for creating and reassigning.
  const resources = useQuery({
    queryKey: ['allocation', 'board', centerId, date],
    queryFn: () => fetchBoard(centerId!, date),
    enabled: centerId !== undefined,
  });
  const [dialog, setDialog] = useState<Dialog>();
  const closeDialog = () => setDialog(undefined);
  const trips = useMemo(() => (transfers.data?.trips ?? []).filter((trip) => trip.status !== TRIP_STATUS.cancelled), [transfers.data]);
  const others = transfers.data?.others ?? [];
  const refetch = () => queryClient.invalidateQueries({ queryKey: ['allocation'] });
  // Another planner's change to a trip: this center's day is read again, without the tables' spinner.
  const live = useLiveRefetch(TRIP_CHANNEL, () => queryClient.invalidateQueries({ queryKey: key }));

  const writes = useTripWrites(refetch);
  const busy = writes.busy;
  const run = (write: () => Promise<unknown>, success?: string) =>
    writes.run(write, success ? () => toast.success(success, 'allocation-transfer') : undefined);

  const cancel = (trip: Trip) =>
    modal.confirm({
      title: t('allocationScreens.transfers.cancelConfirm', { no: trip.trip_no }),
      okButtonProps: { danger: true },
      onOk: () => run(() => cancelTrip(trip.id, trip.version), t('allocationScreens.transfers.cancelled', { no: trip.trip_no })),
    });

  const onMove = ({ trip, minutes, vehicleId }: ChartMove) =>
    void run(
      () =>
        patchTrip(trip.id, {
          version: trip.version,
          ...(vehicleId !== trip.vehicle_id ? { vehicle_id: vehicleId } : {}),
          ...(minutes !== 0
            ? {
                planned_loading_start: shiftInstant(trip.planned_loading_start, minutes),
                planned_departure: shiftInstant(trip.planned_departure, minutes),
                planned_arrival: shiftInstant(trip.planned_arrival, minutes),
              }
            : {}),
        }),
      t('allocationScreens.transfers.moved', { no: trip.trip_no }),
    );

  const rows: ChartRow[] = useMemo(() => {
    const seen = new Map<number, ChartRow>();
    for (const v of resources.data?.vehicles ?? []) seen.set(v.id, { vehicleId: v.id, label: v.vehicle_number, note: v.vehicle_type_name ?? undefined });
    for (const trip of trips) if (trip.vehicle_id !== null && !seen.has(trip.vehicle_id)) seen.set(trip.vehicle_id, { vehicleId: trip.vehicle_id, label: trip.vehicle_number ?? '' });
    return [...seen.values(), { vehicleId: null, label: t('allocationScreens.transfers.noVehicle') }];
  }, [resources.data, trips, t]);

  // Origins and destinations: the centers in scope and every center the demand names.
  const laneCenters = useMemo(() => {
    const all = new Map(state.centers.map((c) => [c.id, c]));
    for (const d of transfers.data?.demand ?? []) {
      for (const [id, name] of [
        [d.origin_department_id, d.origin_department_name],
        [d.destination_department_id, d.destination_department_name],
      ] as const) {
        if (!all.has(id)) all.set(id, { id, code: '', name: name ?? String(id), parent_id: null });
      }
    }
    return [...all.values()];
  }, [state.centers, transfers.data]);

  const unit = (pallets: number, cages: number) =>
    [pallets ? `${formatNumber(pallets)} ${t('allocationScreens.transfers.pallets')}` : '', cages ? `${formatNumber(cages)} ${t('allocationScreens.transfers.cageCarts')}` : '']
      .filter(Boolean)
      .join(' / ') || '0';

  const demandColumns: ColumnsType<TransferDemand> = [
    {
      title: t('allocationScreens.transfers.route'),
      key: 'route',
      render: (_, d) => `${d.origin_department_name ?? ''} → ${d.destination_department_name ?? ''}`,
    },
    { title: t('allocationScreens.transfers.pallets'), dataIndex: 'pallets', align: 'right' },
    { title: t('allocationScreens.transfers.cageCarts'), dataIndex: 'cage_carts', align: 'right' },
    { title: t('allocationScreens.transfers.weight'), dataIndex: 'weight', align: 'right', render: formatNumber },
    { title: t('allocationScreens.transfers.covered'), key: 'covered', align: 'right', render: (_, d) => unit(d.covered_pallets, d.covered_cage_carts) },
    {
      title: t('allocationScreens.transfers.remaining'),
      key: 'remaining',
      align: 'right',
      render: (_, d) => {
        const p = Math.max(0, d.pallets - d.covered_pallets);
        const c = Math.max(0, d.cage_carts - d.covered_cage_carts);
        return <Typography.Text type={p + c > 0 ? 'danger' : 'success'} strong>{unit(p, c)}</Typography.Text>;
      },
    },
    {
      title: t('table.actions'),
      key: 'actions',
      render: (_, d) => (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            const cageCarts = d.cage_carts - d.covered_cage_carts > d.pallets - d.covered_pallets;
            setDialog({
              type: 'create',
              initial: {
                origin_department_id: d.origin_department_id,
                destination_department_id: d.destination_department_id,
                load_unit: cageCarts ? LOAD_UNIT.cageCart : LOAD_UNIT.pallet,
                trip_mode: TRIP_MODE.single,
                receive_timing: kind === 'between_centers_before' ? RECEIVE_TIMING.previousDay : RECEIVE_TIMING.sameDay,
                quantity: Math.max(0, cageCarts ? d.cage_carts - d.covered_cage_carts : d.pallets - d.covered_pallets),
              },
            });
          }}
          data-testid="demand-create"
        >
          {t('allocationScreens.transfers.createFor')}
        </Button>
      ),
    },
  ];

  const tripColumns: ColumnsType<Trip> = [
    { title: t('allocationScreens.transfers.trips'), dataIndex: 'trip_no', render: (no: number) => <strong>{t('allocationScreens.trip.tripNo', { no })}</strong> },
    {
      title: t('allocationScreens.transfers.route'),
      key: 'route',
      // Origin over destination: two short lines rather than one long one.
      render: (_, trip) => (
        <Space direction="vertical" size={0}>
          <span>{`${trip.origin_department_name ?? ''} `}</span>
          <span>→ {trip.destination_department_name ?? ''}</span>
        </Space>
      ),
    },
    { title: t('allocationScreens.board.vehicle'), key: 'vehicle', render: (_, trip) => (trip.vehicle_number ? overHint(trip.vehicle_number, trip.vehicle_type_name) : '—') },
    { title: t('allocationScreens.board.driver'), dataIndex: 'driver_name', render: (name: string | null) => <DriverName name={name} /> },
    { title: t('allocationScreens.transfers.tripMode'), dataIndex: 'trip_mode', render: (v: number) => t(keyIn('allocationScreens.enums.tripMode', v)) },
    {
      title: t('allocationScreens.transfers.receiveTiming'),
      dataIndex: 'receive_timing',
      render: (v: number | null) => (v === null ? '' : t(keyIn('allocationScreens.enums.receiveTiming', v))),
    },
    {
      title: t('allocationScreens.transfers.quantity'),
      key: 'quantity',
      align: 'right',
      render: (_, trip) => (trip.load_unit === 0 ? unit(trip.quantity, 0) : unit(0, trip.quantity)),
    },
    {
      // One column for the three planned times, as on the trip list: the row fits a 1366 px screen in English too.
      title: t('tripScreens.fields.planned'),
      key: 'planned',
      render: (_, trip) => [trip.planned_loading_start, trip.planned_departure, trip.planned_arrival].map((at) => timeOnDay(date, at) || '—').join(' / '),
    },
    { title: t('allocationScreens.trip.status'), dataIndex: 'status', render: (s: number, trip) => <TripStatusTag status={s} plannedDeparture={trip.planned_departure} /> },
    // Always in view: the times before it may push the row past a 1366 px screen (English headers).
    actionsColumn<Trip>(t('table.actions'), (trip) => (
      <Space size={4}>
        <Button size="small" disabled={busy || trip.quantity < 2} onClick={() => setDialog({ type: 'split', trip })} data-testid="trip-split">
          {t('allocationScreens.transfers.split')}
        </Button>
        <Button size="small" disabled={busy} onClick={() => setDialog({ type: 'reassign', trip })} data-testid="trip-reassign">
          {t('allocationScreens.transfers.reassignButton')}
        </Button>
        <Button size="small" danger disabled={busy} onClick={() => cancel(trip)} data-testid="trip-cancel">
          {t('allocationScreens.transfers.cancel')}
        </Button>
      </Space>
    )),
  ];
  // Another center's trips: who plans each, the same facts, no actions.
  const otherColumns: ColumnsType<Trip> = [
    { title: t('allocationScreens.transfers.plannedBy'), dataIndex: 'department_name' },
    ...tripColumns.filter((column) => column.key !== 'actions'),
  ];

  const tablesLoading = (transfers.isFetching && !live.refreshing) || notLoadedYet(transfers);
  const title = t(kind === 'between_centers_before' ? 'allocationScreens.transfers.titleBefore' : 'allocationScreens.transfers.titleToday');
  return (
    <ScreenCard
      className="alloc-page"
      title={title}
      extra={<CenterDateBar state={state} onReload={() => void refetch()} />}
    >
      {failedRead(transfers, state) ? <LoadFailure error={transfers.error} onRetry={() => void transfers.refetch()} /> : null}
      <Typography.Title level={5}>
        {t('allocationScreens.transfers.demand')}
        {kind === 'between_centers_before' ? (
          <Typography.Text type="secondary" style={{ marginLeft: 12, fontSize: 13, fontWeight: 400 }} data-testid="transfer-delivery-day">
            {t('allocationScreens.transfers.forDeliveries', { date: formatDate(addDays(date, 1)) })}
          </Typography.Text>
        ) : null}
      </Typography.Title>
      <Table<TransferDemand>
        rowKey={(d) => `${d.origin_department_id}-${d.destination_department_id}`}
        columns={demandColumns}
        dataSource={transfers.data?.demand ?? []}
        loading={tablesLoading}
        {...WHOLE_TABLE}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('allocationScreens.transfers.noDemand')} /> }}
        data-testid="transfer-demand"
      />
      <Space style={{ margin: '12px 0 6px', display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('allocationScreens.transfers.trips')} ({trips.length})
        </Typography.Title>
        <Space size={8}>
          <CopyPreviousDayButton centerId={centerId} date={date} kind={kind} busy={busy} run={run} testId="transfer-copy-previous-day" size="middle" />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() =>
              setDialog({
                type: 'create',
                initial: {
                  origin_department_id: centerId,
                  trip_mode: TRIP_MODE.single,
                  load_unit: LOAD_UNIT.pallet,
                  receive_timing: kind === 'between_centers_before' ? RECEIVE_TIMING.previousDay : RECEIVE_TIMING.sameDay,
                },
              })
            }
            data-testid="transfer-create"
          >
            {t('allocationScreens.transfers.create')}
          </Button>
        </Space>
      </Space>
      <Table<Trip>
        rowKey="id"
        columns={tripColumns}
        dataSource={trips}
        loading={tablesLoading}
        {...WHOLE_TABLE}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('allocationScreens.transfers.noTrips')} /> }}
        data-testid="transfer-trips"
      />
      {others.length ? (
        <>
          <Typography.Title level={5} style={{ margin: '12px 0 6px' }}>
            {t('allocationScreens.transfers.others')} ({others.length})
          </Typography.Title>
          <Table<Trip>
            rowKey="id"
            columns={otherColumns}
            dataSource={others}
            {...WHOLE_TABLE}
            data-testid="transfer-others"
          />
        </>
      ) : null}
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('allocationScreens.transfers.chart')}
      </Typography.Title>
      <TimeChart date={date} rows={rows} trips={trips} busy={transfers.data?.busy} onMove={onMove} disabled={busy} />
      {dialog?.type === 'create' ? (
        <CreateTransferDialog
          initial={dialog.initial}
          date={date}
          kind={kind}
          centerId={centerId}
          board={resources.data}
          centers={laneCenters}
          run={run}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.type === 'split' ? <SplitTripDialog trip={dialog.trip} date={date} kind={kind} run={run} onClose={closeDialog} /> : null}
      {dialog?.type === 'reassign' ? <ReassignTripDialog trip={dialog.trip} date={date} board={resources.data} run={run} onClose={closeDialog} /> : null}
    </ScreenCard>
  );
}
