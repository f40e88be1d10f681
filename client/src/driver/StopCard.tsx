import { Button, Input, Tag } from 'antd';
import { useState } from 'react';
import type { Api } from './api.js';
import type { MakeReport } from './DayScreen.js';
import type { Queue } from './outbox.js';
import { clock, currentPosition, mapLink } from './format.js';
import type { ScreenKey, T } from './i18n.js';
import { type DriverStop, type DriverTrip, stopAction, type StopReportKind } from './reports.js';
import { SharesPanel } from './SharesPanel.js';

interface StopProps {
  trip: DriverTrip;
  stop: DriverStop;
  /** the stop the driver is at or heading to: its buttons show */
  current: boolean;
  t: T;
  api: Api;
  report: MakeReport;
  queue: Queue;
}

/** One stop: the store, its address (opens the map app), its time, what to deliver, and the steps done there. */
export function StopCard({ trip, stop, current, t, api, report, queue }: StopProps) {
  const [notes, setNotes] = useState(false);
  // 荷主確認 has no time of its own; every other step carries the moment it was made.
  const at = (kind: StopReportKind, extra: Record<string, unknown> = {}) =>
    void report({ kind, tripId: trip.id, seq: stop.seq, body: kind === 'confirmation' ? extra : { at: new Date().toISOString(), ...extra } });
  const arrive = async () => {
    const position = await currentPosition();
    at('arrival', position ?? {});
  };
  return (
    <article className={`driver-stop${current ? ' driver-stop-current' : ''}`} data-testid={`stop-${stop.seq}`}>
      <h3>
        {t('driverScreen.stop.seq', { seq: stop.seq })} {stop.store_name}
        {stop.departed_at && <Tag>{t('driverScreen.stop.done')}</Tag>}
      </h3>
      <a className="driver-map" href={mapLink(stop)} target="_blank" rel="noreferrer">
        {stop.address} — {t('driverScreen.stop.openMap')}
      </a>
      <p className="driver-time">
        {stop.specified_time
          ? t('driverScreen.stop.specified', { time: stop.specified_time.slice(0, 5) })
          : stop.start_time || stop.ending_time
            ? t('driverScreen.stop.window', { from: stop.start_time?.slice(0, 5) ?? '', to: stop.ending_time?.slice(0, 5) ?? '' })
            : null}{' '}
        {stop.planned_arrival && t('driverScreen.stop.planned', { time: clock(stop.planned_arrival) })}
      </p>
      {stop.phone && <a href={`tel:${stop.phone}`}>{t('driverScreen.stop.phone', { phone: stop.phone })}</a>}
      <table className="driver-deliveries">
        <caption>{t('driverScreen.stop.deliveries')}</caption>
        <thead>
          <tr>
            <th>{t('driverScreen.stop.slip')}</th>
            <th>{t('driverScreen.stop.item')}</th>
            <th>{t('driverScreen.stop.loadUnit')}</th>
            <th>{t('driverScreen.stop.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {stop.deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>{delivery.slip_number}</td>
              <td>{delivery.item_name ?? delivery.item_code ?? ''}</td>
              <td>{t(`loadUnit.${delivery.load_unit}` as ScreenKey)}</td>
              <td className="driver-number">{delivery.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <StopRecord stop={stop} t={t} />
      {current && <StopButtons stop={stop} t={t} at={at} arrive={arrive} />}
      <Button size="large" block onClick={() => setNotes(true)}>
        {t('driverScreen.stop.notes')}
      </Button>
      {notes && <SharesPanel api={api} stop={stop} t={t} report={report} queue={queue} onClose={() => setNotes(false)} />}
    </article>
  );
}

/** What was reported at the stop so far. */
function StopRecord({ stop, t }: { stop: DriverStop; t: T }) {
  const lines = [
    stop.arrived_at && t('driverScreen.stop.arrivedAt', { time: clock(stop.arrived_at) }),
    stop.wait_started_at &&
      (stop.wait_ended_at
        ? t('driverScreen.stop.waitedAt', { from: clock(stop.wait_started_at), to: clock(stop.wait_ended_at), minutes: stop.wait_minutes ?? '' })
        : t('driverScreen.stop.waitingSince', { from: clock(stop.wait_started_at) })),
    stop.work_started_at &&
      (stop.work_ended_at
        ? `${t('driverScreen.stop.workedAt', { from: clock(stop.work_started_at), to: clock(stop.work_ended_at) })} ${stop.work_content ?? ''}`
        : t('driverScreen.stop.workingSince', { from: clock(stop.work_started_at) })),
    stop.consignee_confirmed !== null &&
      `${t('driverScreen.stop.confirmation')}: ${t(stop.consignee_confirmed ? 'driverScreen.stop.confirmed' : 'driverScreen.stop.notConfirmed')}`,
    stop.departed_at && t('driverScreen.stop.departedAt', { time: clock(stop.departed_at) }),
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <ul className="driver-record" data-testid="stop-record">
      {lines.map((line) => (
        <li key={line as string}>{line}</li>
      ))}
    </ul>
  );
}

/** The stop's next steps as large buttons: 到着; then 荷待ち, 荷役 (with its content), 荷主確認 and 出発. */
function StopButtons({ stop, t, at, arrive }: { stop: DriverStop; t: T; at: (kind: StopReportKind, extra?: Record<string, unknown>) => void; arrive: () => Promise<void> }) {
  const [content, setContent] = useState('');
  const action = stopAction(stop);
  const big = (label: ScreenKey, onClick: () => void, primary = false) => (
    <Button key={label} type={primary ? 'primary' : 'default'} size="large" block onClick={onClick}>
      {t(label)}
    </Button>
  );
  if (action === 'arrival') return <div className="driver-actions">{big('driverScreen.stop.arrival', () => void arrive(), true)}</div>;
  if (action === 'wait_end') return <div className="driver-actions">{big('driverScreen.stop.waitEnd', () => at('wait_end'), true)}</div>;
  if (action === 'work_end') {
    return (
      <div className="driver-actions">
        <label>
          {t('driverScreen.stop.workContent')}
          <Input size="large" name="work_content" value={content} maxLength={200} onChange={(e) => setContent(e.target.value)} />
        </label>
        {big('driverScreen.stop.workEnd', () => at('work_end', content.trim() ? { work_content: content.trim() } : {}), true)}
      </div>
    );
  }
  return (
    <div className="driver-actions">
      {!stop.wait_started_at && !stop.work_started_at && big('driverScreen.stop.waitStart', () => at('wait_start'))}
      {!stop.work_started_at && big('driverScreen.stop.workStart', () => at('work_start'))}
      {stop.consignee_confirmed === null && (
        <div className="driver-confirm">
          <span>{t('driverScreen.stop.confirmation')}</span>
          {big('driverScreen.stop.confirmYes', () => at('confirmation', { consignee_confirmed: true }))}
          {big('driverScreen.stop.confirmNo', () => at('confirmation', { consignee_confirmed: false }))}
        </div>
      )}
      {big('driverScreen.stop.departure', () => at('stop_departure'), true)}
    </div>
  );
}
