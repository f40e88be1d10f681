/**
 * Ctrl+Z on the board: the moves written, last first, each put back with the trips' current versions;
 * a 配車表 move writes the trip's fields back. The day's last 再最適化 is the server's to undo in one
 * step: the board asks for it (under the board's query key, so it is read again with the board after
 * every write and every trip event) and offers it first while the server says it can be undone, after a
 * reload and in every browser of the center too.
 */
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../../app/providers/toast.js';
import { useT } from '../../../app/providers/translate.js';
import { fetchBoard, fetchUndoableReoptimization, patchTrip, putStops, undoReoptimization } from '../api.js';
import { deliveryIdsOf, planOf, popUndo, pushUndo, undoOrder, type UndoStep } from '../board-logic.js';
import type { BoardWrites } from './use-writes.js';

export function useUndo(board: { queryKey: QueryKey; centerId: number | undefined; date: string }, writes: BoardWrites) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const { queryKey, centerId, date } = board;
  const [stack, setStack] = useState<UndoStep[]>([]);
  const reoptimized = useReoptimized(queryKey, centerId, date);

  // A new board (another center or day) starts with nothing to undo.
  useEffect(() => {
    setStack([]);
  }, [centerId, date]);

  /** A move of ours changed the day: the 再最適化 before it can no longer be undone. */
  const push = (step: UndoStep) => {
    reoptimized.drop();
    setStack((current) => pushUndo(current, step));
  };

  const undo = async () => {
    const { step, rest } = reoptimized.step ? { step: reoptimized.step, rest: stack } : popUndo(stack);
    if (!step) {
      toast.info(t('allocationScreens.board.nothingToUndo'), 'allocation-undo');
      return;
    }
    writes.setBusy(true);
    writes.beginWrite();
    try {
      if (step.reoptimization !== undefined) await undoReoptimization(step.reoptimization);
      else if (step.restore) await restore(step.restore);
      else await putBack(step);
      toast.success(t('allocationScreens.board.undone'), 'allocation-undo');
    } catch (error) {
      writes.refusal(error);
    } finally {
      setStack(rest);
      if (step.reoptimization !== undefined) reoptimized.drop();
      writes.setBusy(false);
      await writes.refetch();
    }
  };

  /** A trip's fields as the step recorded them (a 配車表 move), with its current version (read fresh). */
  const restore = async ({ tripId, fields }: NonNullable<UndoStep['restore']>) => {
    const fresh = await queryClient.fetchQuery({ queryKey, queryFn: () => fetchBoard(centerId!, date) });
    const trip = fresh.trips.find((candidate) => candidate.id === tripId);
    if (trip) await patchTrip(trip.id, { version: trip.version, ...fields });
  };

  /** The trips' lists as the step recorded them, with the trips' current versions (read fresh). */
  const putBack = async (step: UndoStep) => {
    const fresh = await queryClient.fetchQuery({ queryKey, queryFn: () => fetchBoard(centerId!, date) });
    const current = (id: number) => fresh.trips.find((trip) => trip.id === id);
    for (const snapshot of undoOrder(step, (id) => deliveryIdsOf(planOf(current(id) ?? { stops: [] })).length)) {
      const trip = current(snapshot.tripId);
      if (!trip) continue;
      await putStops(trip.id, trip.version, snapshot.entries);
    }
  };

  return { last: reoptimized.step ?? stack.at(-1), push, undo };
}

/** The day's last 再最適化 while the server can undo it, as an undo step; `drop` forgets it until the next read. */
function useReoptimized(boardKey: QueryKey, centerId: number | undefined, date: string) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => [...boardKey, 'reoptimization'], [boardKey]);
  const { data } = useQuery({ queryKey, queryFn: () => fetchUndoableReoptimization(centerId!, date), enabled: centerId !== undefined });
  const step: UndoStep | undefined = data ? { label: 'reoptimize', before: [], reoptimization: data.id } : undefined;
  return { step, drop: () => queryClient.setQueryData(queryKey, null) };
}
