import { Button, Tag } from 'antd';
import type { Api } from './api.js';
import type { MakeReport } from './DayScreen.js';
import { clock } from './format.js';
import type { ScreenKey, T } from './i18n.js';
import type { Queue } from './outbox.js';
import { currentStop, type DriverTrip, tripAction, type TripReportKind } from './reports.js';
import { StopCard } from './StopCard.js';

const TRIP_BUTTONS: Record<TripReportKind, ScreenKey> = {
  loading_start: 'driverScreen.trip.loadingStart',
  departure: 'driverScreen.trip.departure',
  complete: 'driverScreen.trip.complete',
};

/** One trip: its state, the trip's next step (積込開始, 出発, 帰着) and its stops in order. */
export function TripCard({ trip, t, api, report, queue }: { trip: DriverTrip; t: T; api: Api; report: MakeReport; queue: Queue }) {
  const action = tripAction(trip);
  const current = trip.status === 2 ? currentStop(trip) : null;
  const pending = queue.waiting.some((r) => r.tripId === trip.id);
  return (
    <section className="driver-card driver-trip" data-testid={`trip-${trip.id}`}>
      <h2>
        {t('driverScreen.trip.title', { no: trip.trip_no })} {trip.route_name ?? ''}
        <Tag className="driver-status" color={trip.status === 3 ? 'default' : 'blue'}>
          {t(`driverScreen.trip.status.${trip.status}` as ScreenKey)}
        </Tag>
        {pending && <Tag color="orange">{t('driverScreen.pending')}</Tag>}
      </h2>
      <p>
        {trip.vehicle_number && t('driverScreen.trip.vehicle', { number: trip.vehicle_number })} {trip.department_name}
      </p>
      <p>{t('driverScreen.trip.planned', { loading: clock(trip.planned_loading_start) || '—', departure: clock(trip.planned_departure) || '—' })}</p>
      {action && (
        <Button type="primary" size="large" block onClick={() => report({ kind: action, tripId: trip.id, body: { at: new Date().toISOString() } })}>
          {t(TRIP_BUTTONS[action])}
        </Button>
      )}
      <p>{t('driverScreen.trip.stops', { count: trip.stops.length })}</p>
      {trip.stops.map((stop) => (
        <StopCard key={stop.seq} trip={trip} stop={stop} current={current?.seq === stop.seq} t={t} api={api} report={report} queue={queue} />
      ))}
    </section>
  );
}
