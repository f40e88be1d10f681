/** The places page's call: the approved destinations nearest a point. */
import { API_URL, http } from '../../app/providers/http.js';
import type { NearDestination } from '../../shared/map/types.js';

export async function fetchNearest(latitude: number, longitude: number, limit: number): Promise<NearDestination[]> {
  const { data } = await http.get<NearDestination[]>(`${API_URL}/delivery_destination/nearest`, { params: { latitude, longitude, limit } });
  return data;
}
