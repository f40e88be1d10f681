/**
 * The board's map of the day (loaded only when opened: Leaflet stays out of the board's first load):
 * the center, the pool's stores (white, amber when selected, their number of deliveries on them) and
 * every trip's stops in the trip's colour, numbered in order and joined from the center. A click on a
 * store (or Enter on it) selects its deliveries, or unselects them when all are; Shift+drag draws a box
 * and selects every pool store inside. The selection is the board's: dragged from the left side or sent
 * with 1–9. Readable without tiles, as the map pages (points-map.tsx).
 */
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { isLocated } from '../../../../../common/places.js';
import { useT } from '../../../app/providers/translate.js';
import { textElement, TilesNotice, useBaseMap } from '../../../shared/map/points-map.js';
import type { Board, BoardDelivery } from '../../../shared/trips/types.js';
import { formatNumber } from '../labels.js';
import { boxOf, type PoolStore, storeClick, storeSelection, storesInside, type TripRoute } from './day-map-logic.js';
import './day-map.css';

export interface DayMapProps {
  center: Board['center'];
  stores: PoolStore[];
  routes: TripRoute[];
  selected: ReadonlySet<number>;
  onSelect: (deliveries: readonly BoardDelivery[], select: boolean) => void;
  /** The center and day: the map fits its points again when it changes, not after every move. */
  viewKey: string;
}

function divMarker(latLng: L.LatLngExpression, element: HTMLElement, size: L.PointTuple, title: string, zIndexOffset = 0) {
  return L.marker(latLng, {
    icon: L.divIcon({ className: 'map-marker-box', html: element, iconSize: size, iconAnchor: [size[0] / 2, size[1] / 2] }),
    title,
    alt: title,
    zIndexOffset,
    riseOnHover: true,
  }).bindTooltip(textElement('span', '', title), { direction: 'top', offset: [0, -12] });
}

export default function DayMap({ center, stores, routes, selected, onSelect, viewKey }: DayMapProps) {
  const { t } = useT();
  const frame = useRef<HTMLDivElement>(null);
  const element = useRef<HTMLDivElement>(null);
  const { map, layer, tiles } = useBaseMap(element, { boxZoom: false, zoomSnap: 0.25 });
  const storeMarkers = useRef(new Map<number, HTMLElement>());
  const fittedFor = useRef<string>();
  // Read when clicked or lassoed, so the listeners made once see the board as it is.
  const latest = useRef({ stores, selected, onSelect });
  latest.current = { stores, selected, onSelect };

  // The markers and lines, whenever the pool or the trips change.
  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    storeMarkers.current.clear();
    const located = isLocated(center.latitude, center.longitude) ? L.latLng(center.latitude!, center.longitude!) : null;
    const everything: L.LatLng[] = located ? [located] : [];
    for (const route of routes) {
      const points = route.stops.map((stop) => L.latLng(stop.latitude, stop.longitude));
      const line = located ? [located, ...points] : points;
      if (line.length > 1) L.polyline(line, { color: route.colour, weight: 3, opacity: 0.75, interactive: false }).addTo(group);
      if (located && points.length > 0) L.polyline([points.at(-1)!, located], { color: route.colour, weight: 2, opacity: 0.5, dashArray: '6 6', interactive: false }).addTo(group);
      for (const [index, stop] of route.stops.entries()) {
        const label = textElement('div', 'map-marker map-marker--trip', String(stop.no));
        label.style.background = route.colour;
        label.dataset.testid = 'map-trip-stop';
        label.dataset.tripNo = String(route.tripNo);
        const title = t('maps.dayMap.stopTitle', { no: route.tripNo, seq: stop.no, name: stop.name });
        divMarker(points[index]!, label, [24, 24], title).addTo(group);
      }
      everything.push(...points);
    }
    for (const store of stores) {
      if (!isLocated(store.latitude, store.longitude)) continue;
      const label = textElement('div', 'map-marker map-marker--pool', String(store.deliveries.length));
      label.dataset.testid = 'map-store';
      label.dataset.destinationId = String(store.destinationId);
      const title = t('maps.dayMap.storeTitle', { name: store.name, count: store.deliveries.length, quantity: formatNumber(store.quantity), weight: formatNumber(store.weight) });
      const latLng = L.latLng(store.latitude!, store.longitude!);
      divMarker(latLng, label, [28, 28], title, 1000)
        .on('click', () => {
          const { selected: now, onSelect: select } = latest.current;
          const click = storeClick(store, now);
          select(click.deliveries, click.select);
        })
        .addTo(group);
      storeMarkers.current.set(store.destinationId, label);
      everything.push(latLng);
    }
    if (located) {
      const label = textElement('div', 'map-marker map-marker--origin', t('maps.origin'));
      label.dataset.testid = 'map-center';
      divMarker(located, label, [64, 24], t('maps.originTitle', { name: center.name }), 500).addTo(group);
    }
    if (fittedFor.current !== viewKey && everything.length > 0) {
      instance.invalidateSize(); // opened just now: the frame's size as laid out
      instance.fitBounds(L.latLngBounds(everything), { padding: [30, 30], maxZoom: 15 });
      fittedFor.current = viewKey;
    }
  }, [center, stores, routes, viewKey, map, layer, t]);

  // The selection on the stores: amber when all of a store is selected, ringed when part of it is.
  useEffect(() => {
    for (const store of stores) {
      const marker = storeMarkers.current.get(store.destinationId);
      if (marker) marker.dataset.selected = storeSelection(store, selected);
    }
  }, [stores, selected]);

  // The lasso: Shift+drag on the map draws a box; on release every pool store inside is selected.
  useEffect(() => {
    const outer = frame.current;
    const container = element.current;
    if (!outer || !container) return undefined;
    const onDown = (event: PointerEvent) => {
      const instance = map.current;
      if (!event.shiftKey || event.button !== 0 || !instance) return;
      // Before Leaflet sees it: no pan, no box zoom.
      event.preventDefault();
      event.stopPropagation();
      const start = instance.mouseEventToContainerPoint(event as unknown as MouseEvent);
      const box = document.createElement('div');
      box.className = 'day-map__lasso';
      box.dataset.testid = 'map-lasso';
      container.appendChild(box);
      const draw = (to: L.Point) => {
        const min = L.point(Math.min(start.x, to.x), Math.min(start.y, to.y));
        Object.assign(box.style, { left: `${min.x}px`, top: `${min.y}px`, width: `${Math.abs(to.x - start.x)}px`, height: `${Math.abs(to.y - start.y)}px` });
      };
      draw(start);
      const onMove = (move: PointerEvent) => draw(instance.mouseEventToContainerPoint(move as unknown as MouseEvent));
      const onUp = (up: PointerEvent) => {
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        box.remove();
        const end = instance.mouseEventToContainerPoint(up as unknown as MouseEvent);
        if (Math.abs(end.x - start.x) < 4 && Math.abs(end.y - start.y) < 4) return;
        const inside = storesInside(latest.current.stores, boxOf(instance.containerPointToLatLng(start), instance.containerPointToLatLng(end)));
        if (inside.length > 0) latest.current.onSelect(inside.flatMap((s) => s.deliveries), true);
      };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
    };
    outer.addEventListener('pointerdown', onDown, true);
    return () => outer.removeEventListener('pointerdown', onDown, true);
  }, [map]);

  const unlocated = stores.filter((s) => !isLocated(s.latitude, s.longitude)).length;
  return (
    <div className="points-map-frame">
      <TilesNotice tiles={tiles} />
      <div ref={frame}>
        <div ref={element} className="points-map day-map" data-testid="day-map" data-tiles={tiles} />
      </div>
      <div className="day-map__legend" data-testid="day-map-legend">
        <span className="day-map__key">
          <span className="day-map__swatch day-map__swatch--pool" />
          {t('maps.dayMap.pool')}
        </span>
        <span className="day-map__key">
          <span className="day-map__swatch day-map__swatch--selected" />
          {t('maps.dayMap.selected')}
        </span>
        {routes.map((route) => (
          <span key={route.tripId} className="day-map__key" data-testid="day-map-trip" data-trip-no={route.tripNo}>
            <span className="day-map__swatch" style={{ background: route.colour }} />
            {t('allocationScreens.trip.tripNo', { no: route.tripNo })} {route.vehicle ?? ''}
          </span>
        ))}
        {unlocated > 0 ? (
          <span className="day-map__unlocated" data-testid="day-map-unlocated">
            {t('maps.dayMap.unlocated', { count: unlocated })}
          </span>
        ) : null}
      </div>
      <span className="day-map__hint">{t('maps.dayMap.hint')}</span>
    </div>
  );
}
