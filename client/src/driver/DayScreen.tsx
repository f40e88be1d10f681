import { Alert, Button, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { TRIP_STATUS } from '../../../common/allocation.js';
import { ALCOHOL_RANGE } from '../../../common/driver-time.js';
import type { Api } from './api.js';
import { clock } from './format.js';
import type { ScreenKey, T } from './i18n.js';
import type { Outbox } from './outbox.js';
import type { Report } from './reports.js';
import { TripCard } from './TripCard.js';
import { useDay } from './use-day.js';

/** Queues a report (sent at once when there is signal); answers the id the phone gave it. */
export type MakeReport = (report: Omit<Report, 'id'>) => string;

/** The driver's day: 出勤, the confirmed trips in order, 退勤; what waits to be sent and what was refused. */
export function DayScreen({ api, outbox, t, onSessionEnded }: { api: Api; outbox: Outbox; t: T; onSessionEnded: () => void }) {
  const day = useDay(api, outbox, onSessionEnded);
  const clockedIn = Boolean(day.record?.clock_in);
  const clockedOut = Boolean(day.record?.clock_out);
  // 退勤 once no trip is loading or on the road: no stray tap ends the day mid-run.
  const onDuty = day.trips.some((trip) => trip.status === TRIP_STATUS.loading || trip.status === TRIP_STATUS.inTransit);
  return (
    <main className="driver-day">
      {!day.online && <Alert type="warning" showIcon message={t('driverScreen.offline')} data-testid="offline" />}
      {day.waiting.length > 0 && (
        <section className="driver-outbox" data-testid="outbox">
          <strong>{t('driverScreen.outbox.title', { count: day.waiting.length })}</strong>
          <ol>
            {day.waiting.map((report) => (
              <li key={report.id}>{reportLine(t, report)}</li>
            ))}
          </ol>
          <Button onClick={() => void day.flush()}>{t('driverScreen.outbox.sendNow')}</Button>
        </section>
      )}
      {day.refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="refused"
          message={t('driverScreen.outbox.refused')}
          description={day.refused.map(({ report, message }) => (
            <div key={report.id}>{`${reportLine(t, report)}: ${message}`}</div>
          ))}
          action={<Button onClick={day.dismissRefused}>{t('driverScreen.outbox.dismiss')}</Button>}
        />
      )}
      <h1 className="driver-day-title">{t('driverScreen.day.title', { date: day.date.replaceAll('-', '/') })}</h1>
      {clockedIn ? (
        <p className="driver-clocked">{t('driverScreen.clock.clockedIn', { time: clock(day.record?.clock_in) })}</p>
      ) : (
        <ClockCard t={t} kind="clock_in" report={day.report} />
      )}
      {clockedIn && day.loaded && day.trips.length === 0 && <p>{t('driverScreen.day.noTrips')}</p>}
      {clockedIn && day.trips.map((trip) => <TripCard key={trip.id} trip={trip} t={t} api={api} report={day.report} queue={day} />)}
      {clockedIn &&
        !onDuty &&
        (clockedOut ? (
          <p className="driver-clocked">{t('driverScreen.clock.clockedOut', { time: clock(day.record?.clock_out) })}</p>
        ) : (
          <ClockOut t={t} report={day.report} notStarted={day.trips.filter((trip) => trip.status === TRIP_STATUS.planned).length} />
        ))}
    </main>
  );
}

/** The event's name as the outbox lists it: the words of the button that made it. */
const EVENT_NAMES: Record<Report['kind'], ScreenKey> = {
  loading_start: 'driverScreen.trip.loadingStart',
  departure: 'driverScreen.trip.departure',
  complete: 'driverScreen.trip.complete',
  arrival: 'driverScreen.stop.arrival',
  wait_start: 'driverScreen.stop.waitStart',
  wait_end: 'driverScreen.stop.waitEnd',
  work_start: 'driverScreen.stop.workStart',
  work_end: 'driverScreen.stop.workEnd',
  confirmation: 'driverScreen.stop.confirmation',
  stop_departure: 'driverScreen.stop.departure',
  clock_in: 'driverScreen.clock.clockIn',
  clock_out: 'driverScreen.clock.clockOut',
  share: 'driverScreen.stop.notes',
};

/** A report as the outbox lists it: the button's words and the time it was made, a note with its subject. */
const reportLine = (t: T, report: Report) =>
  `${t(EVENT_NAMES[report.kind])} ${report.kind === 'share' ? (report.body.title as string) : clock(report.body.at as string | undefined)}`;

/**
 * 退勤: its form once every trip of the day is back (or none was given); while a trip has not started,
 * a question first, so the day is not ended by a tap meant for the trip above.
 */
function ClockOut({ t, report, notStarted }: { t: T; report: MakeReport; notStarted: number }) {
  const [anyway, setAnyway] = useState(false);
  if (notStarted === 0 || anyway) return <ClockCard t={t} kind="clock_out" report={report} />;
  return (
    <section className="driver-card" data-testid="clock-out-early">
      <p>{t('driverScreen.clock.notStarted', { count: notStarted })}</p>
      <Button size="large" block onClick={() => setAnyway(true)}>
        {t('driverScreen.clock.clockOutAnyway')}
      </Button>
    </section>
  );
}

/** 出勤 or 退勤 with its alcohol check: the reading and who witnessed it, both required. */
function ClockCard({ t, kind, report }: { t: T; kind: 'clock_in' | 'clock_out'; report: MakeReport }) {
  const [value, setValue] = useState<number | null>(null);
  const [checker, setChecker] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (value === null || !checker.trim()) return setMissing(true);
    report({ kind, body: { at: new Date().toISOString(), alcohol_check: value, alcohol_checker: checker.trim() } });
  };
  return (
    <section className="driver-card" data-testid={kind}>
      <h2>{t(kind === 'clock_in' ? 'driverScreen.clock.beforeTitle' : 'driverScreen.clock.afterTitle')}</h2>
      <label>
        {t('driverScreen.clock.alcohol')}
        <InputNumber size="large" name="alcohol_check" min={ALCOHOL_RANGE.min} max={ALCOHOL_RANGE.max} step={0.01} inputMode="decimal" value={value} onChange={setValue} style={{ width: '100%' }} />
      </label>
      <label>
        {t('driverScreen.clock.checker')}
        <Input size="large" name="alcohol_checker" value={checker} onChange={(e) => setChecker(e.target.value)} />
      </label>
      {missing && <Alert type="error" showIcon message={t('driverScreen.clock.alcoholRequired')} />}
      <Button type="primary" size="large" block onClick={submit}>
        {t(kind === 'clock_in' ? 'driverScreen.clock.clockIn' : 'driverScreen.clock.clockOut')}
      </Button>
    </section>
  );
}
