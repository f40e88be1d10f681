/**
 * `/check-map` 地図確認: a trip's stops (by center and day) or a direction's destinations (by center) on
 * the map, numbered in order, beside a list with their receiving windows, planned arrivals and
 * coordinates. Clicking a row focuses its marker; clicking a marker selects its row. The choice lives
 * in the URL (`?mode=trip&date=…&department_id=…&trip=…` or `?mode=direction&department_id=…&direction=…`).
 * Trips are read through the allocation API, so the trip view is offered to those who may list trips.
 */
import { useCan, useOnError } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Select, Space, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { fetchTrip } from './api.js';
import { messageOf } from '../../app/providers/http.js';
import { CenterDateBar, useCenterDate } from './center-date.js';
import { TripDistance } from './trip-distance.js';
import { useOriginLabels } from './trip-map.js';
import type { Trip } from '../../shared/trips/types.js';
import { PointsMap } from '../../shared/map/points-map.js';
import { useT } from '../../app/providers/translate.js';
import { fetchDayTrips, fetchDirectionDestinations, fetchDirections } from './map-api.js';
import { directionEntries, entryPoints, tripEntries, tripMapPoints, type MapEntry } from '../../shared/map/map-logic.js';
import { PointsList } from '../../shared/map/points-list.js';
import { tripDetailPath } from '../../shared/trips/state.js';
import './styles.js';
import '../../shared/map/maps.css';

type Mode = 'trip' | 'direction';

/** A failed read is shown where it happened; a 401/403 also goes to the auth provider (logout). */
function useReadErrors(errors: unknown[]) {
  const { mutate: onError } = useOnError();
  const first = errors.find(Boolean);
  useEffect(() => {
    if (first) onError(first);
  }, [first, onError]);
  return first;
}

/** One of the toolbar's searchable choices (center, trip, direction). */
function Picker<T extends number>(props: {
  label: string;
  placeholder: string;
  testId: string;
  width: number;
  loading: boolean;
  value: T | undefined;
  options: { value: T; label: string }[];
  notFound?: string;
  onChange: (value: T) => void;
}) {
  return (
    <Select<T>
      aria-label={props.label}
      placeholder={props.placeholder}
      data-testid={props.testId}
      style={{ minWidth: props.width }}
      loading={props.loading}
      value={props.value}
      options={props.options}
      showSearch
      optionFilterProp="label"
      notFoundContent={props.notFound}
      onChange={props.onChange}
    />
  );
}

export default function CheckMapPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const access = useCan({ resource: 'vehicle-allocations', action: 'list' });
  const tripsAllowed = access.data?.can === true;
  const mode: Mode = params.get('mode') === 'direction' || (access.data !== undefined && !tripsAllowed) ? 'direction' : 'trip';
  const state = useCenterDate();
  const { centerId, date } = state;

  const setParam = (name: string, value: string | number | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(name);
    else next.set(name, String(value));
    setParams(next, { replace: true });
  };

  const trips = useQuery({
    queryKey: ['maps', 'trips', centerId, date],
    queryFn: () => fetchDayTrips(centerId!, date),
    enabled: mode === 'trip' && tripsAllowed && centerId !== undefined,
  });
  const tripParam = Number(params.get('trip'));
  const tripId = trips.data?.find((trip) => trip.id === tripParam)?.id ?? trips.data?.[0]?.id;
  const trip = useQuery({
    queryKey: ['allocation', 'trip', String(tripId)],
    queryFn: () => fetchTrip(tripId!),
    enabled: mode === 'trip' && tripId !== undefined,
  });

  const directions = useQuery({
    queryKey: ['maps', 'directions', centerId],
    queryFn: () => fetchDirections(centerId!),
    enabled: mode === 'direction' && centerId !== undefined,
  });
  const directionParam = Number(params.get('direction'));
  const directionId = directions.data?.find((d) => d.id === directionParam)?.id ?? directions.data?.[0]?.id;
  const destinations = useQuery({
    queryKey: ['maps', 'destinations', directionId],
    queryFn: () => fetchDirectionDestinations(directionId!),
    enabled: mode === 'direction' && directionId !== undefined,
  });

  const entries: MapEntry[] = useMemo(
    () => (mode === 'trip' ? tripEntries(trip.data?.stops ?? []) : directionEntries(destinations.data?.rows ?? [])),
    [mode, trip.data, destinations.data],
  );
  const origin = useOriginLabels(trip.data);
  const points = useMemo(
    () => (mode === 'trip' && trip.data ? tripMapPoints(trip.data, entries, origin) : entryPoints(entries)),
    [mode, trip.data, entries, origin],
  );
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => setSelected(null), [entries]);

  const error = useReadErrors(mode === 'trip' ? [trips.error, trip.error] : [directions.error, destinations.error]);
  const loading = mode === 'trip' ? trips.isFetching || trip.isFetching : directions.isFetching || destinations.isFetching;
  const unlocated = entries.length - points.filter((point) => point.kind !== 'origin').length;
  const truncated = mode === 'direction' && destinations.data && destinations.data.total > destinations.data.rows.length ? destinations.data : null;

  const tripOptions = (trips.data ?? []).map((item: Trip) => ({
    value: item.id,
    label: t('maps.checkMap.tripOption', { no: item.trip_no, vehicle: item.vehicle_number ?? '', driver: item.driver_name ?? '', count: item.stop_count }),
  }));
  const directionOptions = (directions.data ?? []).map((d) => ({ value: d.id, label: `${d.code} ${d.name}` }));
  const centerOptions = state.centers.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }));

  return (
    <ScreenCard className="maps-page" title={t('screens.checkMap')}>
      <Space wrap size={8} className="maps-toolbar">
        <Segmented<Mode>
          value={mode}
          onChange={(value) => setParam('mode', value)}
          options={[
            { value: 'trip', label: t('maps.checkMap.byTrip'), disabled: !tripsAllowed },
            { value: 'direction', label: t('maps.checkMap.byDirection') },
          ]}
          data-testid="map-mode"
        />
        {mode === 'trip' ? (
          <>
            <CenterDateBar state={state} />
            <Picker
              label={t('maps.checkMap.trip')}
              placeholder={t('maps.checkMap.chooseTrip')}
              testId="trip-select"
              width={320}
              loading={trips.isFetching}
              value={tripId}
              options={tripOptions}
              notFound={t('maps.checkMap.noTrips')}
              onChange={(value) => setParam('trip', value)}
            />
            {tripId !== undefined ? <Link to={tripDetailPath(tripId)}>{t('maps.checkMap.tripDetail')}</Link> : null}
          </>
        ) : (
          <>
            <Picker
              label={t('maps.checkMap.center')}
              placeholder={t('maps.checkMap.chooseCenter')}
              testId="center-select"
              width={200}
              loading={state.centersLoading}
              value={centerId}
              options={centerOptions}
              onChange={(value) => state.set({ center: value })}
            />
            <Picker
              label={t('maps.checkMap.direction')}
              placeholder={t('maps.checkMap.chooseDirection')}
              testId="direction-select"
              width={240}
              loading={directions.isFetching}
              value={directionId}
              options={directionOptions}
              notFound={t('maps.checkMap.noDirections')}
              onChange={(value) => setParam('direction', value)}
            />
          </>
        )}
      </Space>
      {error ? <Alert type="error" showIcon message={messageOf(error)} style={{ marginTop: 8 }} /> : null}
      {mode === 'trip' && trips.data && trips.data.length === 0 ? (
        <Alert type="info" showIcon message={t('maps.checkMap.noTrips')} style={{ marginTop: 8 }} data-testid="no-trips" />
      ) : null}
      <div className="maps-grid">
        <PointsMap points={points} selected={selected} onSelect={setSelected} route={mode === 'trip'} className="maps-map" testId="check-map" />
        <div>
          <Typography.Text strong data-testid="map-count">
            {t('maps.checkMap.points', { count: entries.length })}
            {unlocated > 0 ? t('maps.checkMap.withoutCoordinates', { count: unlocated }) : null}
          </Typography.Text>
          {mode === 'trip' && trip.data ? (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              <TripDistance trip={trip.data} />
            </Typography.Text>
          ) : null}
          {truncated ? (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {t('maps.checkMap.truncated', { shown: truncated.rows.length, total: truncated.total })}
            </Typography.Text>
          ) : null}
          <PointsList entries={entries} selected={selected} onSelect={setSelected} show={{ plannedArrival: mode === 'trip' }} loading={loading} />
        </div>
      </div>
    </ScreenCard>
  );
}
