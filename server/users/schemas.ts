import { Type } from 'typebox';
import { errorResponses, Id, IdParams, Nullable } from '../http/schemas.js';

const UserVehicles = Type.Array(
  Type.Object({
    user_id: Id,
    vehicle_id: Id,
    vehicle_number: Type.String(),
    vehicle_type_id: Nullable(Type.Integer()),
    delivery_company_id: Nullable(Type.Integer()),
  }),
);

export const userVehiclesSchema = {
  querystring: Type.Object({ user_id: Type.Optional(Id) }, { additionalProperties: false }),
  response: { 200: UserVehicles, ...errorResponses },
};

export const setUserVehiclesSchema = {
  params: IdParams,
  body: Type.Object({ vehicle_ids: Type.Array(Id, { maxItems: 500 }) }, { additionalProperties: false }),
  response: { 200: UserVehicles, ...errorResponses },
};

export const userVehicleLabels = { vehicle_ids: 'vehicles.fields.vehicle_number' };
