import { Type } from 'typebox';
import { errorResponses, IdParams, Nullable, Timestamp } from '../http/schemas.js';

const Notification = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  read_at: Nullable(Timestamp),
  date_create: Timestamp,
});

export const notificationPageSchema = {
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      data: Type.Object({
        status_read: Type.Integer(),
        data: Type.Object({ data: Type.Array(Notification), total: Type.Integer() }),
      }),
    }),
    ...errorResponses,
  },
};

export const notificationShowSchema = {
  params: IdParams,
  response: { 200: Type.Object({ data: Notification }), ...errorResponses },
};
