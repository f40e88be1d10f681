/** A trip on the shared map: its center, then the stops as numbered markers joined in order and back. Tiles from configuration. */
import { useMemo } from 'react';
import { PointsMap } from '../../shared/map/points-map.js';
import { tripEntries, tripMapPoints } from '../../shared/map/map-logic.js';
import { useT } from '../../app/providers/translate.js';
import type { TripDetail } from '../../shared/trips/types.js';

/** The marker word and tooltip of the center a trip starts from and returns to. */
export function useOriginLabels(trip: Pick<TripDetail, 'origin_department_name' | 'department_name'> | undefined) {
  const { t } = useT();
  const name = trip?.origin_department_name ?? trip?.department_name ?? '';
  return useMemo(() => ({ label: t('maps.origin'), title: t('maps.originTitle', { name }) }), [t, name]);
}

export function TripMap({ trip }: { trip: TripDetail }) {
  const origin = useOriginLabels(trip);
  const points = useMemo(() => tripMapPoints(trip, tripEntries(trip.stops), origin), [trip, origin]);
  return <PointsMap points={points} route testId="trip-map" />;
}
