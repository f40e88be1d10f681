/**
 * One geocoding interface, two providers: the Geospatial Information Authority of Japan's address
 * search (free, no key) by default, Google's Geocoding API when a key is configured.
 */
export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface Geocoder {
  /** The coordinates of a Japanese address, or null when the provider does not know it. */
  geocode(address: string): Promise<LatLng | null>;
}

export interface GeocoderConfig {
  GSI_GEOCODER_URL: string;
  GOOGLE_GEOCODER_URL: string;
  GOOGLE_MAPS_API_KEY?: string;
}

export class GeocoderUnavailable extends Error {}

async function getJson(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new GeocoderUnavailable(`geocoder unreachable: ${String(error)}`);
  }
  if (!response.ok) throw new GeocoderUnavailable(`geocoder answered ${response.status}`);
  return response.json();
}

/** GSI answers a GeoJSON-like array: [{geometry: {coordinates: [lng, lat]}, properties: {title}}]. */
function gsiGeocoder(baseUrl: string): Geocoder {
  return {
    async geocode(address) {
      const url = new URL(baseUrl);
      url.searchParams.set('q', address);
      const features = (await getJson(url)) as { geometry?: { coordinates?: [number, number] } }[];
      const coordinates = Array.isArray(features) ? features[0]?.geometry?.coordinates : undefined;
      return coordinates ? { latitude: coordinates[1], longitude: coordinates[0] } : null;
    },
  };
}

/** Google answers {status, results: [{geometry: {location: {lat, lng}}}]}; ZERO_RESULTS is "unknown". */
function googleGeocoder(baseUrl: string, key: string): Geocoder {
  return {
    async geocode(address) {
      const url = new URL(baseUrl);
      url.searchParams.set('address', address);
      url.searchParams.set('key', key);
      url.searchParams.set('language', 'ja');
      url.searchParams.set('region', 'jp');
      const body = (await getJson(url)) as { status: string; results?: { geometry: { location: { lat: number; lng: number } } }[] };
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status !== 'OK') throw new GeocoderUnavailable(`geocoder status ${body.status}`);
      const location = body.results?.[0]?.geometry.location;
      return location ? { latitude: location.lat, longitude: location.lng } : null;
    },
  };
}

export function createGeocoder(config: GeocoderConfig): Geocoder {
  return config.GOOGLE_MAPS_API_KEY
    ? googleGeocoder(config.GOOGLE_GEOCODER_URL, config.GOOGLE_MAPS_API_KEY)
    : gsiGeocoder(config.GSI_GEOCODER_URL);
}
