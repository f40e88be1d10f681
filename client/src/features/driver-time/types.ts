/** The wire shapes of the working-time API (server/driver-time/schemas.ts). */
import type { DepartureState, WorkFigures } from '../../../../common/driver-time.js';
import type { FindingLevel, WorkRule } from '../../../../common/work-rules.js';

export type { DepartureState };

export interface WorkRecord {
  id: number;
  date: string;
  clock_in: string | null;
  clock_out: string | null;
  break_minutes: number;
  breaks: { start: string; end: string }[];
  departure_at: string | null;
  return_at: string | null;
  odometer_start: number | null;
  odometer_end: number | null;
  alcohol_check_before: number | null;
  alcohol_check_after: number | null;
  checker: string | null;
  note: string | null;
  version: number;
  updated_at: string;
  updated_by_name: string | null;
}

export type Figures = WorkFigures;

export interface Finding {
  rule: WorkRule;
  level: FindingLevel;
  date: string;
  figures: Record<string, number>;
}

export interface DriverFields {
  driver_id: number;
  driver_name: string;
  login_id: string;
  delivery_company_id: number;
  delivery_company_name: string;
  base_department_id: number | null;
  base_department_name: string | null;
  binding_extension_agreement: boolean;
}

export interface DriverDay extends DriverFields {
  record: WorkRecord | null;
  figures: Figures | null;
  findings: Finding[];
}

export interface DaySheet {
  date: string;
  rows: DriverDay[];
  totals: {
    drivers: number;
    clocked_in: number;
    binding: number;
    worked: number;
    overtime: number;
    late_night: number;
    driving: number;
    distance: number;
    warnings: number;
    violations: number;
  };
}

export interface WorkRecordBody {
  version: number;
  clock_in?: string | null;
  clock_out?: string | null;
  departure_at?: string | null;
  return_at?: string | null;
  breaks?: { start: string; end: string }[];
  break_minutes?: number;
  odometer_start?: number | null;
  odometer_end?: number | null;
  alcohol_check_before?: number | null;
  alcohol_check_after?: number | null;
  checker?: string | null;
  note?: string | null;
}


export interface AttendanceTrip {
  id: number;
  trip_no: number;
  route_name: string | null;
  department_name: string;
  vehicle_number: string | null;
  planned_departure: string | null;
  departed_at: string | null;
  status: number;
  delay_minutes: number | null;
  state: DepartureState;
}

export interface AttendanceRow extends DriverFields {
  clock_in: string | null;
  clock_out: string | null;
  departure_at: string | null;
  trips: AttendanceTrip[];
  findings: Finding[];
}

export interface Attendance {
  date: string;
  rows: AttendanceRow[];
  totals: { drivers: number; attended: number; trips: number; departed: number; late: number };
}

export interface DayQuery {
  date: string;
  q?: string;
  delivery_company_id?: number;
}
