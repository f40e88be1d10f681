/**
 * The board's writes. Own writes and other people's changes (the live provider's trip events) both
 * refetch the board. While a write of ours runs (its optimistic order on screen), an event only notes
 * that a refetch is owed: the write's own refetch, which starts after the event arrived, pays it, and
 * nothing reloads the board under the move twice. An event-driven refetch keeps the spinner off (same
 * data, no flash).
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { TRIP_CHANNEL } from '../../../shared/realtime/live-channels.js';
import { useLiveRefetch } from '../../../shared/realtime/use-live.js';
import { useTripWrites } from '../trip-writes.js';

export function useBoardWrites(queryKey: QueryKey, boardFetching: boolean) {
  const queryClient = useQueryClient();
  const writing = useRef(false);
  const owed = useRef(false);
  const refetch = () => {
    writing.current = false;
    owed.current = false;
    return queryClient.invalidateQueries({ queryKey });
  };
  const live = useLiveRefetch(TRIP_CHANNEL, async () => {
    if (writing.current) owed.current = true;
    else await queryClient.invalidateQueries({ queryKey });
  });
  /** Before a write: nothing older than it may land on the board (an event's refetch under way is dropped and owed). */
  const beginWrite = () => {
    writing.current = true;
    if (live.refreshing || boardFetching) owed.current = true;
    void queryClient.cancelQueries({ queryKey });
  };

  const writes = useTripWrites(refetch);
  /** One write; on success `done` runs (it records the undo step). */
  const run = async (write: () => Promise<unknown>, done?: () => void) => {
    if (!writing.current) beginWrite();
    try {
      return await writes.run(write, done);
    } finally {
      writing.current = false;
      if (owed.current) {
        owed.current = false;
        live.refresh();
      }
    }
  };

  return { busy: writes.busy, setBusy: writes.setBusy, refusal: writes.refusal, run, refetch, beginWrite, live };
}

export type BoardWrites = ReturnType<typeof useBoardWrites>;
