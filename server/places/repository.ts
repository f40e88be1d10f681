import { type Kysely, sql } from 'kysely';
import { EARTH_RADIUS_KM } from '../../common/places.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { destinationScope } from '../auth/scope.js';
import type { NearDestination } from './schemas.js';

export interface Point {
  latitude: number;
  longitude: number;
}

/**
 * The haversine great-circle distance, in km, from `point` to each destination row. `least(1, …)`
 * keeps rounding from taking asin outside its domain for antipodal points.
 */
function distanceKm(point: Point) {
  const lat = sql.ref('delivery_destinations.latitude');
  const lng = sql.ref('delivery_destinations.longitude');
  const lat0 = sql.val(point.latitude);
  const lng0 = sql.val(point.longitude);
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${lat0}::float8) / 2), 2)
    + cos(radians(${lat0}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${lng0}::float8) / 2), 2)
  ))))`;
}

/**
 * The `limit` live, approved (not 仮登録) destinations of the caller's scope nearest to `point`, nearest
 * first (ties by id). Scope is the destination master's own (`destinationScope`), in the same query.
 */
export async function nearestDestinations(db: Kysely<Database>, actor: Actor, point: Point, limit: number): Promise<NearDestination[]> {
  let query = db
    .selectFrom('delivery_destinations')
    .select([
      'delivery_destinations.id',
      'delivery_destinations.delivery_code',
      'delivery_destinations.customer_company_name',
      'delivery_destinations.customer_store_name',
      'delivery_destinations.customer_address',
      'delivery_destinations.direction_id',
      'delivery_destinations.direction_name',
      'delivery_destinations.latitude',
      'delivery_destinations.longitude',
      'delivery_destinations.start_time',
      'delivery_destinations.ending_time',
      'delivery_destinations.specified_time',
    ])
    .select(distanceKm(point).as('distance_km'))
    .where('delivery_destinations.deleted_at', 'is', null)
    .where('delivery_destinations.temporary_registration_date', 'is', null);
  const scope = destinationScope(actor);
  if (scope) query = query.where(scope);
  const rows = await query.orderBy('distance_km').orderBy('delivery_destinations.id').limit(limit).execute();
  return rows.map((row) => ({ ...row, distance_km: Number(row.distance_km) }));
}
