/**
 * Points on a Leaflet map: numbered markers (optionally joined in order), one of them selectable
 * from outside (a list row) and selecting from inside (a marker's click or Enter). Tiles come from
 * configuration (`mapTiles()`); when there are none, or none loads, the map says so above itself and
 * the markers stay on a plain background — the page's list shows every point's coordinates.
 * Everything a user wrote (store names) reaches the map as text, never as HTML.
 */
import { Alert } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { isLocated } from '../../../../common/places.js';
import { mapTiles } from '../../app/config.js';
import { useT } from '../../app/providers/translate.js';
import './points-map.css';

export interface MapPoint {
  key: string;
  latitude: number;
  longitude: number;
  /** What the marker shows: its number in order, or a mark. */
  label: string;
  /** The tooltip, as text. */
  title: string;
  /**
   * `search`: the point searched (a different colour), not one of the numbered points; `origin`: the
   * center a trip starts from and returns to (a wider, dark marker showing a word).
   */
  kind?: 'point' | 'search' | 'origin';
}

const ATTRIBUTION = '<a href="https://maps.gsi.go.jp/development/ichiran.html" target="_blank" rel="noreferrer">地理院タイル</a>';
/** Without points: Tokyo station, at a city's zoom. */
export const HOME: L.LatLngTuple = [35.68, 139.76];

export type TileState = 'loading' | 'ok' | 'failed' | 'none';

/** A DOM element holding text: markers and tooltips never take HTML strings (a store name stays text). */
export function textElement(tag: string, className: string, text: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * A Leaflet map in `element`, once, with the configured tiles and a layer for the markers; `tiles`
 * says whether any tile loaded (for `TilesNotice`). The board's day map and `PointsMap` share it.
 */
export function useBaseMap(element: RefObject<HTMLDivElement>, options: L.MapOptions = {}) {
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [tiles, setTiles] = useState<TileState>(() => (mapTiles() ? 'loading' : 'none'));
  useEffect(() => {
    if (!element.current) return undefined;
    const instance = L.map(element.current, { scrollWheelZoom: false, attributionControl: true, ...options }).setView(HOME, 10);
    const url = mapTiles();
    if (url) {
      let loaded = 0;
      L.tileLayer(url, { attribution: ATTRIBUTION, maxZoom: 18 })
        .on('tileload', () => {
          loaded++;
          setTiles('ok');
        })
        .on('tileerror', () => setTiles(loaded > 0 ? 'ok' : 'failed'))
        .addTo(instance);
    }
    map.current = instance;
    layer.current = L.layerGroup().addTo(instance);
    return () => {
      instance.remove();
      map.current = null;
      layer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is made once; its options are its first
  }, []);
  return { map, layer, tiles };
}

/** Above a map without tiles: the markers stay on a plain background, the coordinates are in the page's list. */
export function TilesNotice({ tiles }: { tiles: TileState }) {
  const { t } = useT();
  return tiles === 'failed' || tiles === 'none' ? (
    <Alert type="warning" showIcon message={t('maps.tilesUnavailable')} className="points-map-notice" data-testid="tiles-unavailable" />
  ) : null;
}

/** Marker sizes in pixels (points-map.css draws them): the origin's is wide enough for a word. */
const ICON_SIZE: Record<NonNullable<MapPoint['kind']>, L.PointTuple> = { point: [26, 26], search: [26, 26], origin: [64, 24] };

function markerIcon(point: MapPoint): L.DivIcon {
  const kind = point.kind ?? 'point';
  const label = textElement('div', `map-marker map-marker--${kind}`, point.label);
  label.dataset.testid = 'map-marker';
  label.dataset.key = point.key;
  const [width, height] = ICON_SIZE[kind];
  return L.divIcon({ className: 'map-marker-box', html: label, iconSize: [width, height], iconAnchor: [width / 2, height / 2] });
}

export function PointsMap({
  points,
  selected,
  onSelect,
  route = false,
  className,
  testId = 'points-map',
}: {
  points: MapPoint[];
  selected?: string | null;
  onSelect?: (key: string) => void;
  /** Join the points in their order with a line (a trip's stops); from an `origin` first, a dashed line returns to it. */
  route?: boolean;
  className?: string;
  testId?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const { map, layer, tiles } = useBaseMap(element);
  const markers = useRef(new Map<string, { marker: L.Marker; zIndex: number }>());
  const select = useRef(onSelect);
  select.current = onSelect;

  // The markers, whenever the points change.
  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    markers.current.clear();
    const located = points.filter((p) => isLocated(p.latitude, p.longitude));
    for (const point of located) {
      const zIndex = point.kind === 'search' ? 1000 : 0;
      const marker = L.marker([point.latitude, point.longitude], {
        icon: markerIcon(point),
        title: point.title,
        alt: point.title,
        zIndexOffset: zIndex,
        riseOnHover: true,
      })
        .bindTooltip(textElement('span', '', point.title), { direction: 'top', offset: [0, -12] })
        .on('click', () => select.current?.(point.key))
        .addTo(group);
      markers.current.set(point.key, { marker, zIndex });
    }
    const latLngs = located.map((p) => L.latLng(p.latitude, p.longitude));
    const ordered = located.filter((p) => p.kind !== 'search').map((p) => L.latLng(p.latitude, p.longitude));
    if (route && ordered.length > 1) {
      L.polyline(ordered, { color: '#1d5fbf', weight: 3, opacity: 0.8 }).addTo(group);
      if (located[0]?.kind === 'origin') L.polyline([ordered.at(-1)!, ordered[0]!], { color: '#1d5fbf', weight: 2, opacity: 0.6, dashArray: '6 6' }).addTo(group);
    }
    if (latLngs.length > 0) instance.fitBounds(L.latLngBounds(latLngs), { padding: [30, 30], maxZoom: 15 });
    else instance.setView(HOME, 10);
  }, [points, route, map, layer]);

  // The selected point: raised, outlined, its tooltip open, brought into view (the zoom kept).
  useEffect(() => {
    for (const [key, { marker, zIndex }] of markers.current) {
      const isSelected = key === selected;
      marker.getElement()?.querySelector('.map-marker')?.classList.toggle('is-selected', isSelected);
      marker.setZIndexOffset(isSelected ? 2000 : zIndex);
      if (isSelected) {
        const instance = map.current;
        if (instance && !instance.getBounds().pad(-0.1).contains(marker.getLatLng())) instance.panTo(marker.getLatLng(), { animate: false });
        marker.openTooltip();
      } else {
        marker.closeTooltip();
      }
    }
  }, [selected, points, map]);

  return (
    <div className="points-map-frame">
      <TilesNotice tiles={tiles} />
      <div ref={element} className={`points-map ${className ?? ''}`} data-testid={testId} data-tiles={tiles} />
    </div>
  );
}
