/** Calls of the trips API (docs/api.md, Trips); every write carries the trip's version. */
import type { HttpError } from '@refinedev/core';
import type { WorkRulesPreview } from '../../../../common/work-rules.js';
import type { CopyReportWire, ReoptimizeAppliedWire, ReoptimizeLastWire, ReoptimizeWire } from '../../../../server/allocation/schemas.js';
import { API_URL, http, isHttpError } from '../../app/providers/http.js';
import type { Board, Calculator, CalculatorProposal, StopEntry, Transfers, Trip, TripDetail, TripKind, Warning } from '../../shared/trips/types.js';

const BASE = `${API_URL}/vehicle_allocation`;

export async function fetchBoard(departmentId: number, date: string): Promise<Board> {
  const { data } = await http.get<Board>(`${BASE}/board`, { params: { department_id: departmentId, date } });
  return data;
}

export async function fetchTrip(id: number | string): Promise<TripDetail> {
  const { data } = await http.get<TripDetail>(`${BASE}/${id}`);
  return data;
}

export async function fetchTransfers(kind: TripKind, date: string, departmentId?: number): Promise<Transfers> {
  const { data } = await http.get<Transfers>(`${BASE}/transfers`, { params: { kind, date, department_id: departmentId } });
  return data;
}

/** The calculator's figures and proposal; `seconds`: the optimizer's time budget. */
/** The calculator's answer; `runId` names the calculation whose progress the socket brings (calculator-progress.tsx). */
export async function fetchCalculator(departmentId: number, date: string, seconds?: number, runId?: string): Promise<Calculator> {
  const { data } = await http.get<Calculator>(`${BASE}/calculator`, { params: { department_id: departmentId, date, seconds, run_id: runId } });
  return data;
}

export async function putStops(tripId: number, version: number, stops: StopEntry[]): Promise<TripDetail> {
  const { data } = await http.put<TripDetail>(`${BASE}/${tripId}/stops`, { version, stops });
  return data;
}

export async function moveDeliveries(
  from: { id: number; version: number },
  to: { id: number; version: number },
  deliveryIds: number[],
): Promise<{ from: TripDetail; to: TripDetail }> {
  const { data } = await http.post<{ from: TripDetail; to: TripDetail }>(`${BASE}/move`, { from, to, delivery_ids: deliveryIds });
  return data;
}

export type TripAction = 'confirm' | 'unconfirm' | 'loading_start';

export async function tripAction(tripId: number, version: number, action: TripAction): Promise<Trip> {
  const { data } = await http.post<Trip>(`${BASE}/${tripId}/${action}`, { version });
  return data;
}

export async function patchTrip(tripId: number, body: Record<string, unknown> & { version: number }): Promise<Trip> {
  const { data } = await http.patch<Trip>(`${BASE}/${tripId}`, body);
  return data;
}

export async function createTrip(body: Record<string, unknown>): Promise<Trip> {
  const { data } = await http.post<Trip>(BASE, body);
  return data;
}

/** 前日コピー: the trips of `fromDate` as drafts on `toDate` (vehicles, drivers, routes, times; no deliveries). */
/** What a copy of a day did: trips made, trips already there, trips made without their vehicle or driver. */
export type CopyReport = CopyReportWire;

export async function copyDay(departmentId: number, fromDate: string, toDate: string, kind: TripKind): Promise<CopyReport> {
  const { data } = await http.post<CopyReport>(`${BASE}/copy`, { department_id: departmentId, from_date: fromDate, to_date: toDate, kind });
  return data;
}

export async function cancelTrip(tripId: number, version: number): Promise<void> {
  await http.delete(`${BASE}/${tripId}`, { params: { version } });
}

export async function acceptProposal(body: {
  department_id: number;
  date: string;
  proposal: Pick<CalculatorProposal, 'vehicle_id' | 'driver_id' | 'delivery_ids' | 'planned_loading_start' | 'planned_departure'>[];
}): Promise<{ created: number }> {
  const { data } = await http.post<{ created: number }>(`${BASE}/calculator/accept`, body);
  return data;
}

export interface Center {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
}

/** The centers (level 4) in the user's scope, by code. */
export async function fetchCenters(): Promise<Center[]> {
  const { data } = await http.get<Center[]>(`${API_URL}/department`, {
    params: { level: 4, _start: 0, _end: 500, _sort: 'code', _order: 'asc' },
  });
  return data;
}

// ---------------------------------------------------------------------------------------------
// Refusals

export interface CapacityFigures {
  measure: string;
  load: number;
  capacity: number;
}

function figuresIn(value: unknown): CapacityFigures | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.load === 'number' && typeof v.capacity === 'number') {
    return { measure: String(v.measure ?? ''), load: v.load, capacity: v.capacity };
  }
  for (const key of ['params', 'details', 'figures', 'data']) {
    const inner = figuresIn(v[key]);
    if (inner) return inner;
  }
  return undefined;
}

/** The server's figures of an over-capacity refusal, wherever the body carries them. */
export function capacityFigures(error: unknown): CapacityFigures | undefined {
  if (!isHttpError(error)) return undefined;
  const body = (error as HttpError & { body?: unknown }).body;
  return figuresIn(body);
}

/** A refusal about the trip's state (stale version, busy vehicle, handled trip): the board refetches. */
export function isConflict(error: unknown): boolean {
  return isHttpError(error) && error.statusCode === 409;
}


/** The working-time warnings a trip would carry with this driver and these planned times (nothing saved). */
export async function previewWorkRules(body: WorkRulesPreview): Promise<Warning[]> {
  const { data } = await http.post<{ warnings: Warning[] }>(`${BASE}/work_rules`, body);
  return data.warnings;
}

/** 再最適化: the day planned anew from its pool and its movable trips, nothing written yet. */
export type Reoptimization = ReoptimizeWire;

/** `runId` names the run: its progress comes over the realtime socket (calculator-progress.tsx). */
export async function fetchReoptimization(departmentId: number, date: string, seconds: number, runId: string): Promise<Reoptimization> {
  const { data } = await http.get<Reoptimization>(`${BASE}/reoptimize`, { params: { department_id: departmentId, date, seconds, run_id: runId } });
  return data;
}

/** Applies a 再最適化 on the day it was planned on; its id undoes it. */
export async function applyReoptimization(departmentId: number, date: string, plan: Reoptimization): Promise<ReoptimizeAppliedWire> {
  const proposal = plan.trips.map(({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }) => ({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }));
  const { data } = await http.post<ReoptimizeAppliedWire>(`${BASE}/reoptimize/apply`, { department_id: departmentId, date, basis: plan.basis, proposal });
  return data;
}

/** The day's last 再最適化 while it can be undone (the server keeps it), else null. */
export async function fetchUndoableReoptimization(departmentId: number, date: string): Promise<ReoptimizeLastWire['reoptimization']> {
  const { data } = await http.get<ReoptimizeLastWire>(`${BASE}/reoptimize/last`, { params: { department_id: departmentId, date } });
  return data.reoptimization;
}

export async function undoReoptimization(id: number): Promise<void> {
  await http.post(`${BASE}/reoptimize/${id}/undo`);
}
