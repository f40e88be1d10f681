/**
 * How the board scrolls while something is dragged (dnd-kit's auto-scroll): the page (or whatever holds
 * the trips) scrolls when the pointer nears its edge, so a trip below the fold is reached. The left
 * side's own list is never scrolled by a drag: what is dragged from it goes to the trips, and its list
 * scrolling under the pointer instead of the page kept a trip below the fold out of reach.
 */
import type { AutoScrollOptions } from '@dnd-kit/core';
import { UNALLOCATED_CLASS } from '../unallocated-panel.js';

export const BOARD_AUTO_SCROLL: AutoScrollOptions = {
  canScroll: (element) => !element.classList.contains(UNALLOCATED_CLASS),
  // From the edge's outer fifth, at full speed near the edge (dnd-kit's defaults, named).
  threshold: { x: 0.2, y: 0.2 },
};
