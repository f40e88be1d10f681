/** The allocation screens' writes: one at a time, a refusal shown with its figures, a conflict refetched. */
import { useState } from 'react';
import { messageOf } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import { capacityFigures, isConflict } from './api.js';
import { formatNumber } from './labels.js';

/** Shows a refused write: the server's message, and an over-capacity refusal's figures. */
export function useRefusalToast() {
  const { t } = useT();
  return (error: unknown) => {
    const figures = capacityFigures(error);
    const message = messageOf(error);
    if (!figures) return toast.error(message, 'allocation-refusal');
    const measureKey = keyIn('allocationScreens.measure', figures.measure);
    const measure = t(measureKey, { defaultValue: figures.measure });
    const line = t('allocationScreens.board.overCapacityFigures', { measure, load: formatNumber(figures.load), capacity: formatNumber(figures.capacity) });
    return toast.error(message.includes(String(figures.capacity)) ? message : t('app.withNote', { text: message, note: line }), 'allocation-refusal');
  };
}

/**
 * One write at a time: `busy` while it runs; on success `done` runs and the screen refetches; a
 * refusal is shown (with an over-capacity refusal's figures) and a conflict (409) refetches too.
 */
export function useTripWrites(refetch: () => Promise<unknown>) {
  const refusal = useRefusalToast();
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>, done?: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      await write();
      done?.();
      await refetch();
      return true;
    } catch (error) {
      refusal(error);
      if (isConflict(error)) await refetch();
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, run, refusal };
}
