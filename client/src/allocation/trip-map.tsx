/** The stops of a trip on a Leaflet map: numbered markers joined in order. Tiles from configuration. */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { tileUrl } from '../config.js';
import type { Stop } from './types.js';

const ATTRIBUTION = '<a href="https://maps.gsi.go.jp/development/ichiran.html" target="_blank" rel="noreferrer">地理院タイル</a>';

export function located(stops: Stop[]): (Stop & { latitude: number; longitude: number })[] {
  return stops.filter(
    (s): s is Stop & { latitude: number; longitude: number } =>
      typeof s.latitude === 'number' && typeof s.longitude === 'number' && Number.isFinite(s.latitude) && Number.isFinite(s.longitude),
  );
}

export function TripMap({ stops }: { stops: Stop[] }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const points = located([...stops].sort((a, b) => a.seq - b.seq));
    const map = L.map(element.current, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer(tileUrl(), { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(map);
    const latLngs = points.map((s) => L.latLng(s.latitude, s.longitude));
    points.forEach((stop, index) => {
      const icon = L.divIcon({ className: '', html: `<div class="alloc-map-marker">${index + 1}</div>`, iconSize: [24, 24], iconAnchor: [12, 12] });
      L.marker([stop.latitude, stop.longitude], { icon, title: stop.store_name ?? '' })
        .bindTooltip(`${stop.seq}. ${stop.store_name ?? ''}`)
        .addTo(map);
    });
    if (latLngs.length > 1) L.polyline(latLngs, { color: '#1d5fbf', weight: 3, opacity: 0.8 }).addTo(map);
    if (latLngs.length > 0) map.fitBounds(L.latLngBounds(latLngs), { padding: [30, 30], maxZoom: 15 });
    else map.setView([35.68, 139.76], 10);
    return () => {
      map.remove();
    };
  }, [stops]);
  return <div ref={element} className="alloc-map" data-testid="trip-map" />;
}
