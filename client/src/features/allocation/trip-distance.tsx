import { useMemo } from 'react';
import { tripKm } from '../../../../common/places.js';
import type { TripDetail } from '../../shared/trips/types.js';
import { useT } from '../../app/providers/translate.js';

/** 走行距離（概算）: the trip's estimated road km, one decimal, the estimate explained on hover; nothing when it cannot be estimated. */
export function TripDistance({ trip }: { trip: Pick<TripDetail, 'stops' | 'origin_latitude' | 'origin_longitude'> }) {
  const { t } = useT();
  const km = useMemo(() => tripKm(trip), [trip]);
  if (km === null) return null;
  return (
    <span title={t('allocationScreens.trip.distanceHint')} data-testid="trip-distance">
      {t('allocationScreens.trip.distanceValue', { km: km.toFixed(1) })}
    </span>
  );
}
