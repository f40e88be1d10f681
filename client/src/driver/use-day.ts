import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Static } from 'typebox';
import type { workRecordSchema } from '../../../server/driver-app/schemas.js';
import { type Api, ApiError } from './api.js';
import { tokyoToday } from './format.js';
import { Outbox, type Refused } from './outbox.js';
import { applyReport, type DriverTrip, type Report } from './reports.js';

type WorkRecord = NonNullable<Static<(typeof workRecordSchema)['response'][200]>['record']>;

/** The day's record as it will be once the waiting clock reports are sent. */
function applyClock(record: WorkRecord | null, report: Report): WorkRecord | null {
  const at = report.body.at as string;
  if (report.kind === 'clock_in') return { ...(record ?? emptyRecord()), clock_in: at };
  if (report.kind === 'clock_out' && record) return { ...record, clock_out: at };
  return record;
}

const emptyRecord = (): WorkRecord => ({
  id: 0,
  date: tokyoToday(),
  clock_in: null,
  clock_out: null,
  alcohol_check_before: null,
  alcohol_check_after: null,
  checker: null,
  checker_after: null,
  version: 0,
});

/** The day last loaded on this phone, if it is `date`. */
function lastDay(key: string, date: string): { trips: DriverTrip[]; record: WorkRecord | null } | null {
  try {
    const day = JSON.parse(localStorage.getItem(key) ?? 'null') as { date: string; trips: DriverTrip[]; record: WorkRecord | null } | null;
    return day?.date === date ? day : null;
  } catch {
    return null;
  }
}

const isClock = (report: Report) => report.kind === 'clock_in' || report.kind === 'clock_out';

/**
 * The driver's day: the trips and the working record from the server, with the reports still waiting
 * in the outbox applied on top (what the screen shows), and the outbox sent whenever the signal returns.
 */
export function useDay(api: Api, outbox: Outbox, onSessionEnded: () => void) {
  const date = tokyoToday();
  // The day as last loaded, kept beside the outbox: a screen opened without signal shows it.
  const kept = `${outbox.key}.day`;
  const [last] = useState(() => lastDay(kept, date));
  const [trips, setTrips] = useState<DriverTrip[]>(last?.trips ?? []);
  const [record, setRecord] = useState<WorkRecord | null>(last?.record ?? null);
  const [waiting, setWaiting] = useState<Report[]>(() => outbox.list());
  const [refused, setRefused] = useState<Refused[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(async () => {
    try {
      const [dayTrips, day] = await Promise.all([api.get<DriverTrip[]>(`/api/driver/trips?date=${date}`), api.get<{ record: WorkRecord | null }>(`/api/driver/work_record?date=${date}`)]);
      setTrips(dayTrips);
      setRecord(day.record);
      setLoaded(true);
      localStorage.setItem(kept, JSON.stringify({ date, trips: dayTrips, record: day.record }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onSessionEnded();
      // Otherwise out of reach: the screen keeps what it showed; the next signal loads again.
    }
  }, [api, date, kept, onSessionEnded]);

  const flush = useCallback(async () => {
    await outbox.flush(api.send, (report, result) => {
      setWaiting(outbox.list());
      if (result.kind === 'refused') setRefused((list) => [...list, { report, message: result.message }]);
      else if (isClock(report)) setRecord(result.answer as WorkRecord);
      else if (report.tripId !== undefined) setTrips((list) => list.map((trip) => (trip.id === report.tripId ? (result.answer as DriverTrip) : trip)));
    });
    setWaiting(outbox.list());
  }, [api, outbox]);

  useEffect(() => {
    void load().then(flush);
    const back = () => {
      setOnline(true);
      void flush().then(load);
    };
    const lost = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', lost);
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', lost);
    };
  }, [load, flush]);

  const report = useCallback(
    (made: Omit<Report, 'id'>) => {
      const id = crypto.randomUUID();
      outbox.add({ ...made, id });
      setWaiting(outbox.list());
      void flush();
      return id;
    },
    [outbox, flush],
  );

  const shown = useMemo(
    () => ({
      trips: waiting.filter((r) => !isClock(r)).reduce(applyReport, trips),
      record: waiting.filter(isClock).reduce(applyClock, record),
    }),
    [trips, record, waiting],
  );

  return { date, loaded, online, ...shown, waiting, refused, dismissRefused: () => setRefused([]), report, flush, load };
}
