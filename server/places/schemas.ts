import { Type } from 'typebox';
import { NEAREST_LIMIT_MAX } from '../../common/places.js';
import { LATITUDE_RANGE, LONGITUDE_RANGE } from '../../common/validation.js';
import { errorResponses, Id, Nullable } from '../http/schemas.js';

/** The fields a refused query names, as the screens label them. */
export const nearestLabels: Record<string, string> = {
  latitude: 'deliveryDestinations.fields.latitude',
  longitude: 'deliveryDestinations.fields.longitude',
  limit: 'maps.fields.limit',
};

export const NearestQuery = Type.Object(
  {
    latitude: Type.Number({ minimum: LATITUDE_RANGE.min, maximum: LATITUDE_RANGE.max }),
    longitude: Type.Number({ minimum: LONGITUDE_RANGE.min, maximum: LONGITUDE_RANGE.max }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: NEAREST_LIMIT_MAX })),
  },
  { additionalProperties: false },
);
export type NearestQuery = Type.Static<typeof NearestQuery>;

/** A destination of the caller's scope and its great-circle distance from the point asked. */
export const NearDestination = Type.Object({
  id: Id,
  delivery_code: Type.String(),
  customer_company_name: Type.String(),
  customer_store_name: Type.String(),
  customer_address: Type.String(),
  direction_id: Nullable(Id),
  direction_name: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  start_time: Nullable(Type.String()),
  ending_time: Nullable(Type.String()),
  specified_time: Nullable(Type.String()),
  distance_km: Type.Number(),
});
export type NearDestination = Type.Static<typeof NearDestination>;

export const nearestSchema = {
  querystring: NearestQuery,
  response: { 200: Type.Array(NearDestination, { maxItems: NEAREST_LIMIT_MAX }), ...errorResponses },
};
