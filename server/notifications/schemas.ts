import { Type } from 'typebox';
import { errorResponses, IdParams, Nullable, Timestamp, type Wire } from '../http/schemas.js';

/** The bell asks 15 at first and 15 more per "show more" (specification section 9); this is its end. */
export const PER_PAGE_MAX = 1000;
export const PER_PAGE_DEFAULT = 15;

/** A notification as the specification's client reads it, with the trip it names (the bell opens it). */
export const Notification = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  read_at: Nullable(Timestamp),
  date_create: Timestamp,
  vehicle_allocation_id: Nullable(Type.Integer()),
});

export const notificationPageSchema = {
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: PER_PAGE_MAX })),
    },
    { additionalProperties: false },
  ),
  response: {
    // The body the specification's client reads as `data.status_read` and `data.data.data` (axios' `data` is the body).
    200: Type.Object({
      /** the caller's unread count: nonzero when they have unread notifications */
      status_read: Type.Integer(),
      data: Type.Object({ data: Type.Array(Notification), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
    }),
    ...errorResponses,
  },
};

/** The answers as the client reads them (timestamps as text). */
export type NotificationWire = Wire<typeof Notification>;
export type NotificationPageWire = Wire<(typeof notificationPageSchema.response)[200]>;

export const notificationShowSchema = {
  params: IdParams,
  // `data.read_at` to the specification's client: the notification itself is the body.
  response: { 200: Notification, ...errorResponses },
};
