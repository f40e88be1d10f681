/**
 * `/delivery/detail/:id` 配送詳細: the delivery, the trip that carries it (link to the trip's page) and
 * what the driver reported at its stop — read-only, dense. Without an id: back to the list.
 */
import { Show } from '@refinedev/antd';
import { useShow, type HttpError } from '@refinedev/core';
import { Alert, Card, Space, Tag, type DescriptionsProps } from 'antd';
import { Link, Navigate, useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../../common/time.js';
import { tripLabel } from '../../../../common/allocation.js';
import { NotFoundPage } from '../../shared/components/error-page.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { isNotFound } from '../../shared/masters/rules.js';
import { coordinatesText, reportLocationText } from '../../shared/map/map-logic.js';
import { canAccess } from '../../app/providers/access-control.js';
import { TripStatusTag } from '../../shared/trips/status-tag.js';
import { tripDetailPath } from '../../shared/trips/state.js';
import { DelayTag, DeliveryStatusTag, numberText, quantityText } from '../../shared/deliveries/cells.js';
import type { DeliveryDetail, DeliveryStop, DeliveryTrip } from './types.js';
import { keyIn, type Translate, useT } from '../../app/providers/translate.js';
import { Details } from '../../shared/components/details.js';
import { centerDayQuery } from '../../shared/trips/center-day.js';

type Items = NonNullable<DescriptionsProps['items']>;

const COLUMNS: DescriptionsProps['column'] = { xs: 1, md: 2, xl: 3 };
const LABEL_STYLE = { width: 140, whiteSpace: 'nowrap' as const };

function deliveryItems(record: DeliveryDetail, t: Translate): Items {
  const f = (name: string) => t(keyIn('deliveryScreens.fields', name));
  return [
    { key: 'date', label: f('date'), children: formatDate(record.date) },
    { key: 'status', label: f('status'), children: <DeliveryStatusTag value={record.status} plannedDeparture={record.planned_departure} /> },
    {
      key: 'delay',
      label: f('delivery_delay_status'),
      children: record.vehicle_allocation_id === null ? '' : <DelayTag value={record.delivery_delay_status} />,
    },
    { key: 'slip_number', label: f('slip_number'), children: <span data-testid="detail-slip_number">{record.slip_number}</span> },
    { key: 'order_number', label: f('order_number'), children: record.order_number },
    { key: 'department', label: f('department_name'), children: record.department_name },
    {
      key: 'store',
      label: f('store_name'),
      children: [record.delivery_code, record.store_name].filter(Boolean).join(' '),
    },
    { key: 'customer', label: f('customer_company_name'), children: record.customer_company_name },
    { key: 'address', label: f('address'), children: record.address, span: 'filled' },
    { key: 'item_code', label: f('item_code'), children: record.item_code },
    { key: 'item_name', label: f('item_name'), children: record.item_name },
    { key: 'quantity', label: f('quantity'), children: quantityText(record.quantity, record.load_unit, t) },
    { key: 'volume', label: f('volume'), children: numberText(record.volume) },
    { key: 'weight', label: f('weight'), children: numberText(record.weight) },
    { key: 'eta', label: f('estimated_arrival_time'), children: formatDateTime(record.estimated_arrival_time) },
    { key: 'report_time', label: f('report_time'), children: formatDateTime(record.report_time) },
    { key: 'report_location', label: f('report_location'), children: reportLocationText(record.report_location) },
    { key: 'updated_at', label: f('updated_at'), children: formatDateTime(record.updated_at) },
  ];
}

function tripItems(trip: DeliveryTrip, t: Translate, linked: boolean): Items {
  const f = (name: string) => t(keyIn('tripScreens.fields', name));
  const name = tripLabel(trip, t);
  return [
    {
      key: 'route',
      label: f('route_name'),
      children: linked ? (
        <Link to={tripDetailPath(trip.id)} data-testid="detail-trip-link">
          {name}
        </Link>
      ) : (
        name
      ),
    },
    { key: 'trip_no', label: f('trip_no'), children: trip.trip_no },
    {
      key: 'status',
      label: f('status'),
      children: (
        <Space size={4} wrap>
          <TripStatusTag status={trip.status} plannedDeparture={trip.planned_departure} />
          <Tag color={trip.confirmed_at ? 'green' : 'default'}>
            {trip.confirmed_at ? t('deliveryScreens.trip.confirmed') : t('deliveryScreens.trip.draft')}
          </Tag>
        </Space>
      ),
    },
    { key: 'vehicle', label: f('vehicle_number'), children: trip.vehicle_number },
    { key: 'driver', label: f('driver_name'), children: trip.driver_name },
    { key: 'loading', label: f('planned_loading_start'), children: formatDateTime(trip.planned_loading_start) },
    { key: 'departure', label: f('planned_departure'), children: formatDateTime(trip.planned_departure) },
    { key: 'arrival', label: f('planned_arrival'), children: formatDateTime(trip.planned_arrival) },
  ];
}

function stopItems(stop: DeliveryStop, t: Translate): Items {
  const f = (name: string) => t(keyIn('deliveryScreens.stop', name));
  return [
    { key: 'seq', label: f('seq'), children: stop.seq },
    { key: 'planned', label: f('planned_arrival'), children: formatDateTime(stop.planned_arrival) },
    { key: 'arrived', label: f('arrived_at'), children: <span data-testid="detail-arrived_at">{formatDateTime(stop.arrived_at)}</span> },
    { key: 'departed', label: f('departed_at'), children: formatDateTime(stop.departed_at) },
    {
      key: 'wait',
      label: f('wait_minutes'),
      children: stop.wait_minutes === null ? '' : t('deliveryScreens.stop.minutes', { count: stop.wait_minutes }),
    },
    {
      key: 'confirmed',
      label: f('consignee_confirmed'),
      children:
        stop.consignee_confirmed === null ? '' : (
          <Tag color={stop.consignee_confirmed ? 'green' : 'default'}>{stop.consignee_confirmed ? f('confirmed') : f('notConfirmed')}</Tag>
        ),
    },
    { key: 'work_started', label: f('work_started_at'), children: formatDateTime(stop.work_started_at) },
    { key: 'work_ended', label: f('work_ended_at'), children: formatDateTime(stop.work_ended_at) },
    {
      key: 'location',
      label: f('location'),
      children: coordinatesText(stop.arrival_latitude, stop.arrival_longitude) ?? '',
    },
    { key: 'content', label: f('work_content'), children: stop.work_content, span: 'filled' },
  ];
}

function Section({ title, items, testId }: { title: string; items: Items; testId: string }) {
  return (
    <Card size="small" title={title} className="detail-card">
      <Details column={COLUMNS} items={items} labelStyle={LABEL_STYLE} data-testid={testId} />
    </Card>
  );
}

export default function DeliveryDetailPage() {
  const { t } = useT();
  const { id } = useParams();
  const { profile } = useProfile();
  const { query } = useShow<DeliveryDetail, HttpError>({
    resource: 'deliveries',
    id,
    queryOptions: { enabled: id !== undefined },
  });
  if (id === undefined) return <Navigate to="/delivery" replace />;
  if (isNotFound(query.error)) return <NotFoundPage />;
  const record = query.data?.data;
  const linked = canAccess(profile, 'vehicle_allocation', 'show');
  return (
    <Show title={t('deliveryScreens.titles.show')} breadcrumb={false} isLoading={query.isLoading} recordItemId={id} canEdit={false} canDelete={false}>
      {record ? (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Details column={COLUMNS} items={deliveryItems(record, t)} labelStyle={LABEL_STYLE} data-testid="delivery-details" />
          {record.trip ? (
            <Section title={t('deliveryScreens.titles.trip')} items={tripItems(record.trip, t, linked)} testId="delivery-trip" />
          ) : (
            <Alert
              type="info"
              showIcon
              message={t('deliveryScreens.trip.none')}
              action={
                // Not on a trip yet: the board of its center and day, searched for its slip, is where it gets one.
                canAccess(profile, 'vehicle_allocation', 'list') ? (
                  <Link to={`/store-direct?${centerDayQuery(record.department_id, record.date)}&q=${encodeURIComponent(record.slip_number)}`} data-testid="detail-board-link">
                    {t('deliveryScreens.trip.openBoard')}
                  </Link>
                ) : undefined
              }
            />
          )}
          {record.stop ? (
            <Section title={t('deliveryScreens.titles.stop')} items={stopItems(record.stop, t)} testId="delivery-stop" />
          ) : record.trip ? (
            <Alert type="info" showIcon message={t('deliveryScreens.stop.none')} />
          ) : null}
        </Space>
      ) : null}
    </Show>
  );
}
