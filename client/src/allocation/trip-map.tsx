/** The stops of a trip on the shared map: numbered markers joined in order. Tiles from configuration. */
import { useMemo } from 'react';
import { PointsMap } from '../components/points-map.js';
import { entryPoints, tripEntries } from '../maps/map-logic.js';
import type { Stop } from './types.js';

export function TripMap({ stops }: { stops: Stop[] }) {
  const points = useMemo(() => entryPoints(tripEntries(stops)), [stops]);
  return <PointsMap points={points} route testId="trip-map" />;
}
