import { Type } from 'typebox';

/** What a CSV check or import answers: a master's and the deliveries' alike. */
export const ImportResult = Type.Object({
  ok: Type.Boolean(),
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  encoding: Type.String(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), message: Type.String() })),
  errorCount: Type.Integer(),
});
