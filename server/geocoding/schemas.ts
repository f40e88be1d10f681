import { Type } from 'typebox';
import { errorResponses, Text } from '../http/schemas.js';

export const geocodeSchema = {
  querystring: Type.Object({ address: Type.Optional(Text({ maxLength: 200 })) }, { additionalProperties: false }),
  response: { 200: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }), ...errorResponses },
};
