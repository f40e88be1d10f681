import { type Static, Type } from 'typebox';
import { errorResponses, Id, IdParams, Nullable, Text } from '../http/schemas.js';

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

/** The saved column settings of a list: hidden columns, their order, the last search. */
const ColumnName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,49}$' });
const SearchValue = Type.Union([
  Text({ maxLength: 200 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.Union([Text({ maxLength: 200 }), Type.Number()]), { maxItems: 50 }),
]);
const ListColumns = Type.Object(
  {
    hidden: Type.Array(ColumnName, { maxItems: 100 }),
    order: Type.Array(ColumnName, { maxItems: 100 }),
    search: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,49}$' }), SearchValue, { maxProperties: 50 })),
  },
  { additionalProperties: false },
);
export const ColumnConfig = Type.Object({ delivery: Type.Optional(ListColumns) }, { additionalProperties: false });
export type ColumnConfig = Static<typeof ColumnConfig>;
export const getColumnConfigSchema = { response: { 200: ColumnConfig, ...errorResponses } };
export const putColumnConfigSchema = { body: ColumnConfig, response: { 200: ColumnConfig, ...errorResponses } };

export const columnConfigLabels = { delivery: 'deliveries.title' };
