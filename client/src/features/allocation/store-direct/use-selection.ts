/** The board's selected deliveries: click to toggle, shift-click ranges over what the search shows, a direction's box for all of it, the map's stores and lasso. */
import { useEffect, useRef, useState } from 'react';
import type { BoardDelivery, DirectionGroup } from '../../../shared/trips/types.js';
import { rangeBetween } from '../board-logic.js';

export function useSelection(shownIds: number[], centerId: number | undefined, date: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const anchor = useRef<number>();

  // A new board (another center or day) starts with nothing selected.
  useEffect(() => {
    setSelected(new Set());
  }, [centerId, date]);

  const click = (delivery: BoardDelivery, range: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (range) {
        for (const id of rangeBetween(shownIds, anchor.current, delivery.id)) next.add(id);
      } else if (next.has(delivery.id)) next.delete(delivery.id);
      else next.add(delivery.id);
      return next;
    });
    anchor.current = delivery.id;
  };

  /** Deliveries on (`all`) or off the selection together: a direction's box, a store on the map, the map's lasso. */
  const selectMany = (deliveries: readonly BoardDelivery[], all: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const d of deliveries) {
        if (all) next.add(d.id);
        else next.delete(d.id);
      }
      return next;
    });

  const selectGroup = (group: DirectionGroup, all: boolean) => selectMany(group.deliveries, all);

  /** Deliveries that left the unallocated side (assigned to a trip) leave the selection. */
  const unselect = (deliveries: BoardDelivery[]) => setSelected((s) => new Set([...s].filter((id) => !deliveries.some((d) => d.id === id))));

  const clear = () => setSelected(new Set());

  return { selected, click, selectGroup, selectMany, unselect, clear };
}
