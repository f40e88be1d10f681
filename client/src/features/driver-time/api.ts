/** Calls of the working-time API (server/driver-time/); a write carries the record's version (0: a new day). */
import { API_URL, http } from '../../app/providers/http.js';
import type { Attendance, DayQuery, DaySheet, DriverDay, WorkRecordBody } from './types.js';

const params = (query: DayQuery) => ({ date: query.date, q: query.q || undefined, delivery_company_id: query.delivery_company_id });

export async function fetchDaySheet(query: DayQuery): Promise<DaySheet> {
  const { data } = await http.get<DaySheet>(`${API_URL}/driver_time`, { params: params(query) });
  return data;
}

export async function saveDay(driverId: number, date: string, body: WorkRecordBody): Promise<DriverDay> {
  const { data } = await http.put<DriverDay>(`${API_URL}/driver_time/${driverId}/${date}`, body);
  return data;
}

export async function fetchAttendance(query: DayQuery): Promise<Attendance> {
  const { data } = await http.get<Attendance>(`${API_URL}/driver_attendance`, { params: params(query) });
  return data;
}
