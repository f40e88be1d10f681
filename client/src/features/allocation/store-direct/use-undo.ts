/**
 * Ctrl+Z on the board: the moves written, last first, each put back with the trips' current versions;
 * a 再最適化 applied is undone by the server in one step; a 配車表 move writes the trip's fields back.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../app/providers/toast.js';
import { useT } from '../../../app/providers/translate.js';
import { fetchBoard, patchTrip, putStops, undoReoptimization } from '../api.js';
import { deliveryIdsOf, planOf, popUndo, pushUndo, undoOrder, type UndoStep } from '../board-logic.js';
import type { BoardWrites } from './use-writes.js';

export function useUndo(board: { queryKey: QueryKey; centerId: number | undefined; date: string }, writes: BoardWrites) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const { queryKey, centerId, date } = board;
  const [stack, setStack] = useState<UndoStep[]>([]);

  // A new board (another center or day) starts with nothing to undo.
  useEffect(() => {
    setStack([]);
  }, [centerId, date]);

  const push = (step: UndoStep) => setStack((current) => pushUndo(current, step));

  const undo = async () => {
    const { step, rest } = popUndo(stack);
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
      setStack(rest);
      toast.success(t('allocationScreens.board.undone'), 'allocation-undo');
    } catch (error) {
      writes.refusal(error);
      setStack(rest);
    } finally {
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

  return { last: stack.at(-1), push, undo };
}
