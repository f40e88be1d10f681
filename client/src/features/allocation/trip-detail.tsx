/**
 * 便詳細: one trip's facts, times and expenses; for a store-direct trip also its stops in order with
 * warnings and the driver's reports, and a map; for a transfer its lane, mode and receive timing.
 */
import { ArrowLeftOutlined, LockFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router-dom';
import { routeText } from '../../../../common/allocation.js';
import { formatDateTime } from '../../../../common/time.js';
import { HEADER_HEIGHT } from '../../app/config.js';
import { changedTripIds, useLiveRefetch } from '../../shared/realtime/use-live.js';
import { TRIP_CHANNEL } from '../../shared/realtime/live-channels.js';
import { fetchTrip } from './api.js';
import { messageOf } from '../../app/providers/http.js';
import { capacityOf } from './board-logic.js';
import { wrapping } from '../../shared/masters/columns.js';
import { CapacityBars } from './capacity-bars.js';
import { formatNumber } from './labels.js';
import { OperationSheetButton } from './operation-sheet-button.js';
import { TripDistance } from './trip-distance.js';
import { WarningTags } from './warnings.js';
import { timeOf, timeOnDay, windowText } from '../../shared/times.js';
import { TripConfirmationTag, TripStatusTag } from '../../shared/trips/status-tag.js';
import { TripMap } from './trip-map.js';
import type { Stop } from '../../shared/trips/types.js';
import './styles.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import { DriverName } from './driver-name.js';
import { isBetweenCenters, tripBoardPath, tripListPath } from '../../shared/trips/state.js';
import { canAccess } from '../../app/providers/access-control.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { Details } from '../../shared/components/details.js';

const orDash = (text: string | null | undefined) => text || '—';

const coordinates = (stop: Stop) =>
  typeof stop.latitude === 'number' && typeof stop.longitude === 'number'
    ? `${stop.latitude.toFixed(5)},\n${stop.longitude.toFixed(5)}`
    : '—';

export default function TripDetailPage() {
  const { t } = useT();
  const { id } = useParams();
  const { profile } = useProfile();
  const trip = useQuery({ queryKey: ['allocation', 'trip', id], queryFn: () => fetchTrip(id!), enabled: Boolean(id) });
  // Someone else changed this trip (stops, status, vehicle, driver, deletion): read it again.
  useLiveRefetch(TRIP_CHANNEL, () => trip.refetch(), { accept: (event) => changedTripIds(event).includes(Number(id)), enabled: Boolean(id) });
  const yesNo = (value: boolean | null) => (value === null ? '' : t(value ? 'allocationScreens.trip.yes' : 'allocationScreens.trip.no'));

  if (trip.isLoading) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (trip.error || !trip.data) {
    return <Alert type="error" showIcon message={trip.error ? messageOf(trip.error) : t('allocationScreens.trip.notFound')} />;
  }
  const data = trip.data;
  const stops = [...data.stops].sort((a, b) => a.seq - b.seq);
  const expenses = [data.toll, data.parking, data.other_expense];
  const expenseTotal = expenses.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const yen = (value: number | null) => (value === null ? '—' : `¥${value.toLocaleString()}`);

  const columns: ColumnsType<Stop> = [
    { title: t('allocationScreens.trip.seq'), dataIndex: 'seq', width: 44, render: (_, __, index) => <strong>{index + 1}</strong> },
    {
      title: t('allocationScreens.trip.store'),
      key: 'store',
      render: (_, stop) => (
        <div>
          <div>{stop.store_name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {stop.delivery_code} {stop.address}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('allocationScreens.trip.coordinates'), key: 'coordinates', render: (_, stop) => <span data-testid="stop-coordinates" className="alloc-detail__stacked">{coordinates(stop)}</span> },
    {
      title: wrapping(t('allocationScreens.trip.window'), '5em'),
      key: 'window',
      render: (_, stop) => (
        <>
          {windowText(stop.start_time, stop.ending_time, t)}
          {stop.specified_time ? <div>◎{stop.specified_time.slice(0, 5)}</div> : null}
        </>
      ),
    },
    {
      // The stop's warnings (its window, its specified time) under the arrival they are about.
      title: wrapping(t('allocationScreens.trip.plannedArrival'), '5em'),
      key: 'planned_arrival',
      render: (_, stop) => (
        <>
          <div>{timeOnDay(data.date, stop.planned_arrival)}</div>
          <WarningTags warnings={stop.warnings} />
        </>
      ),
    },
    {
      // Arrival and departure as one stay (08:48〜08:58), as the work's time beside it: one column less to scan.
      title: wrapping(t('allocationScreens.trip.stay'), '7em'),
      key: 'stay',
      render: (_, stop) =>
        stop.arrived_at ? <span data-testid="stop-stay">{t('app.range', { from: timeOnDay(data.date, stop.arrived_at), to: timeOnDay(data.date, stop.departed_at) })}</span> : null,
    },
    { title: wrapping(t('allocationScreens.trip.wait'), '4em'), dataIndex: 'wait_minutes', align: 'right' },
    {
      title: t('allocationScreens.trip.work'),
      key: 'work',
      render: (_, stop) =>
        stop.work_started_at || stop.work_content ? (
          <>
            <div>{t('app.range', { from: timeOf(stop.work_started_at), to: timeOf(stop.work_ended_at) })}</div>
            <div>{stop.work_content}</div>
          </>
        ) : null,
    },
    { title: wrapping(t('allocationScreens.trip.consignee'), '6em'), dataIndex: 'consignee_confirmed', render: yesNo },
    {
      title: t('allocationScreens.trip.slips'),
      key: 'slips',
      render: (_, stop) => stop.deliveries.map((d) => <div key={d.id}>{`${d.slip_number} ${d.item_name ?? ''} ×${d.quantity}`}</div>),
    },
    {
      title: t('allocationScreens.trip.load'),
      key: 'load',
      align: 'right',
      render: (_, stop) => `${formatNumber(stop.quantity)} / ${formatNumber(stop.weight)}kg`,
    },
  ];

  // A planner goes back to the trip's board; a carrier, who reads trips without planning them, to 配車一覧 of its day.
  const planner = canAccess(profile, 'vehicle_allocation', 'list');
  const board = planner ? tripBoardPath(data) : tripListPath(data);
  const backLabel = t(planner ? 'allocationScreens.trip.back' : 'allocationScreens.trip.backToList');
  const transfer = isBetweenCenters(data.kind);
  return (
    <Card
      className="alloc-page"
      size="small"
      title={
        <Space size={8} wrap>
          <Link to={board} aria-label={backLabel}>
            <ArrowLeftOutlined />
          </Link>
          <span data-testid="page-title">
            {t('allocationScreens.trip.detailHeading', { no: data.trip_no })}
          </span>
          <strong>{data.vehicle_number}</strong>
          <TripStatusTag status={data.status} plannedDeparture={data.planned_departure} />
          <TripConfirmationTag confirmedAt={data.confirmed_at} />
          {data.pinned ? (
            <Tag color="blue" icon={<LockFilled />}>
              {t('allocationScreens.board.pinned')}
            </Tag>
          ) : null}
        </Space>
      }
      extra={
        <Space size={12}>
          <OperationSheetButton
            query={`date=${data.date}&vehicle_allocation_id=${data.id}`}
            file={`delivery-operation_${data.date}_${data.trip_no}.pdf`}
            label={t('allocationScreens.trip.print')}
            testId="trip-print"
          />
          <Link to={board}>{backLabel}</Link>
        </Space>
      }
    >
      <div className={transfer ? undefined : 'alloc-detail__grid'}>
        <div className="alloc-detail__facts">
          <Details
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
            labelStyle={{ whiteSpace: 'nowrap' }}
            contentStyle={{ whiteSpace: 'nowrap' }}
          >
            <Descriptions.Item label={t('allocationScreens.board.date')}>{data.date.replaceAll('-', '/')}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.center')}>{data.department_name}</Descriptions.Item>
            {transfer ? (
              <>
                <Descriptions.Item label={t('allocationScreens.transfers.route')}>
                  <span data-testid="trip-lane">{routeText(data)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('allocationScreens.transfers.tripMode')}>
                  {t(keyIn('allocationScreens.enums.tripMode', data.trip_mode))}
                </Descriptions.Item>
                <Descriptions.Item label={t('allocationScreens.transfers.receiveTiming')}>
                  {data.receive_timing === null ? '—' : t(keyIn('allocationScreens.enums.receiveTiming', data.receive_timing))}
                </Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label={t('allocationScreens.trip.direction')}>{orDash(data.direction_name)}</Descriptions.Item>
                <Descriptions.Item label={t('allocationScreens.trip.route')}>{orDash(data.route_name)}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('allocationScreens.board.vehicle')}>{orDash(data.vehicle_number)}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.vehicleType')}>{orDash(data.vehicle_type_name)}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.board.driver')}>
              <DriverName name={data.driver_name} />
            </Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.company')}>{orDash(data.delivery_company_name)}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.load')} span={2}>
              <CapacityBars measures={capacityOf(data)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.plannedLoadingStart')}>{orDash(formatDateTime(data.planned_loading_start))}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.plannedDeparture')}>{orDash(formatDateTime(data.planned_departure))}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.plannedArrivalTrip')}>{orDash(formatDateTime(data.planned_arrival))}</Descriptions.Item>
            {transfer ? null : (
              <Descriptions.Item label={t('allocationScreens.trip.distance')}>
                <TripDistance trip={data} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('allocationScreens.trip.loadingStartedAt')}>{orDash(formatDateTime(data.loading_started_at))}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.departedAt')}>{orDash(formatDateTime(data.departed_at))}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.completedAt')}>{orDash(formatDateTime(data.completed_at))}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.toll')}>{yen(data.toll)}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.parking')}>{yen(data.parking)}</Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.otherExpense')}>{yen(data.other_expense)}</Descriptions.Item>
            <Descriptions.Item label={`${t('allocationScreens.trip.expenses')} ${t('allocationScreens.trip.total')}`}>
              <strong>{yen(expenseTotal)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('allocationScreens.trip.updatedBy')} span={2}>
              {data.updated_by_name} {formatDateTime(data.updated_at)}
            </Descriptions.Item>
            {data.warnings.length > 0 ? (
              <Descriptions.Item label={t('allocationScreens.trip.warnings')} span={3}>
                <WarningTags warnings={data.warnings} date={data.date} />
              </Descriptions.Item>
            ) : null}
          </Details>
        </div>
        {transfer ? null : (
          <div>
            <TripMap trip={data} />
          </div>
        )}
      </div>
      {transfer ? null : (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('allocationScreens.trip.stops')} ({stops.length})
          </Typography.Title>
          <Table<Stop>
            size="small"
            rowKey={(stop) => `${stop.seq}-${stop.delivery_destination_id}`}
            columns={columns}
            dataSource={stops}
            pagination={false}
            tableLayout="auto"
            scroll={{ x: 'max-content' }}
            sticky={{ offsetHeader: HEADER_HEIGHT }}
            rowClassName={(stop) => (stop.warnings.length > 0 ? 'alloc-stop--warned' : '')}
            data-testid="trip-stops"
          />
        </>
      )}
    </Card>
  );
}
