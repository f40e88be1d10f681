import { type Static, Type } from 'typebox';
import { EDITABLE_STATUSES, SHARE_CATEGORIES, SHARE_LIMITS, SHARE_SORTS, SHARE_STATUSES } from '../../common/shares.js';
import { LATITUDE_RANGE, LONGITUDE_RANGE } from '../../common/validation.js';
import { reportId } from '../driver-app/schemas.js';
import { errorResponses, Id, INT4_MAX, Nullable, OkResponse, Text, Timestamp, type Wire } from '../http/schemas.js';

const Version = Type.Integer({ minimum: 0, maximum: INT4_MAX });
const Latitude = Type.Number({ minimum: LATITUDE_RANGE.min, maximum: LATITUDE_RANGE.max });
const Longitude = Type.Number({ minimum: LONGITUDE_RANGE.min, maximum: LONGITUDE_RANGE.max });
const Category = Type.Enum([...SHARE_CATEGORIES]);
const Status = Type.Enum([...SHARE_STATUSES]);
/** A comment's number within its share. */
const Idx = Type.Integer({ minimum: 1, maximum: INT4_MAX });

/** Who wrote a share or a comment: a user of the screens or a driver of the app; `mine` when it is the caller. */
const authorship = {
  author_kind: Type.Enum(['user', 'driver']),
  author_name: Type.String(),
  mine: Type.Boolean(),
};

/** One share as lists and forms show it: the share, its store as the master has it now, its author. */
export const Share = Type.Object({
  id: Id,
  version: Type.Integer(),
  delivery_destination_id: Id,
  delivery_code: Type.String(),
  store_name: Type.String(),
  customer_company_name: Type.String(),
  /** the master's address and coordinates now, and its version (what applying a correction checks) */
  destination_address: Type.String(),
  destination_latitude: Nullable(Type.Number()),
  destination_longitude: Nullable(Type.Number()),
  destination_version: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  category: Category,
  corrected_address: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  status: Status,
  ...authorship,
  comment_count: Type.Integer(),
  last_comment_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const Comment = Type.Object({
  share_id: Id,
  idx: Idx,
  body: Type.String(),
  ...authorship,
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  version: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** The answers as the client reads them (timestamps as text): its types are these. */
export type ShareWire = Wire<typeof Share>;
export type CommentWire = Wire<typeof Comment>;

/** A store the caller may write a share about (the selects of the screens). */
export const ShareDestination = Type.Object({
  id: Id,
  delivery_code: Type.String(),
  store_name: Type.String(),
  customer_company_name: Type.String(),
  address: Type.String(),
});
export type ShareDestinationWire = Wire<typeof ShareDestination>;

const Page = {
  _start: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  _end: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
};

export const ShareListQuery = Type.Object(
  {
    ...Page,
    _sort: Type.Optional(Type.Enum([...SHARE_SORTS])),
    _order: Type.Optional(Type.Enum(['asc', 'desc'])),
    id: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    delivery_destination_id: Type.Optional(Id),
    category: Type.Optional(Type.Array(Category, { maxItems: SHARE_CATEGORIES.length })),
    status: Type.Optional(Type.Array(Status, { maxItems: SHARE_STATUSES.length })),
    author: Type.Optional(Text({ maxLength: SHARE_LIMITS.author })),
    q: Type.Optional(Text({ maxLength: SHARE_LIMITS.q })),
  },
  { additionalProperties: false },
);
export type ShareListQuery = Static<typeof ShareListQuery>;

const DestinationQuery = Type.Object(
  { ...Page, q: Type.Optional(Text({ maxLength: SHARE_LIMITS.q })), id: Type.Optional(Type.Array(Id, { maxItems: 500 })) },
  { additionalProperties: false },
);
export type DestinationQuery = Static<typeof DestinationQuery>;

const content = {
  title: Text({ minLength: 1, maxLength: SHARE_LIMITS.title }),
  body: Text({ maxLength: SHARE_LIMITS.body }),
  category: Category,
  corrected_address: Nullable(Text({ maxLength: SHARE_LIMITS.corrected_address })),
  latitude: Nullable(Latitude),
  longitude: Nullable(Longitude),
};

export const ShareCreate = Type.Object(
  {
    delivery_destination_id: Id,
    title: content.title,
    body: Type.Optional(content.body),
    category: content.category,
    corrected_address: Type.Optional(content.corrected_address),
    latitude: Type.Optional(content.latitude),
    longitude: Type.Optional(content.longitude),
  },
  { additionalProperties: false },
);
export type ShareCreate = Static<typeof ShareCreate>;

export const SharePatch = Type.Object(
  {
    version: Version,
    title: Type.Optional(content.title),
    body: Type.Optional(content.body),
    category: Type.Optional(content.category),
    corrected_address: Type.Optional(content.corrected_address),
    latitude: Type.Optional(content.latitude),
    longitude: Type.Optional(content.longitude),
    status: Type.Optional(Type.Enum([...EDITABLE_STATUSES])),
  },
  { additionalProperties: false },
);
export type SharePatch = Static<typeof SharePatch>;

/** The correction as the screen sends it: text may be empty (the specification's message says so, not a schema error). */
export const ApplyBody = Type.Object(
  {
    delivery_destination_version: Version,
    corrected_address: Nullable(Text({ maxLength: SHARE_LIMITS.corrected_address })),
    latitude: Type.Optional(Nullable(Latitude)),
    longitude: Type.Optional(Nullable(Longitude)),
    version: Type.Optional(Version),
  },
  { additionalProperties: false },
);
export type ApplyBody = Static<typeof ApplyBody>;

const CommentBody = Text({ minLength: 1, maxLength: SHARE_LIMITS.comment });
export const CommentCreate = Type.Object({ body: CommentBody }, { additionalProperties: false });
export const CommentPatch = Type.Object({ body: CommentBody, version: Type.Optional(Version) }, { additionalProperties: false });
/** A driver's comment: where they were when they wrote it. */
export const DriverCommentCreate = Type.Object(
  { body: CommentBody, latitude: Type.Optional(Nullable(Latitude)), longitude: Type.Optional(Nullable(Longitude)) },
  { additionalProperties: false },
);
export type DriverCommentCreate = Static<typeof DriverCommentCreate>;

const ShareParams = Type.Object({ id: Id }, { additionalProperties: false });
const CommentParams = Type.Object({ id: Id, idx: Idx }, { additionalProperties: false });
const VersionOnly = Type.Object({ version: Type.Optional(Version) }, { additionalProperties: false });

export const listSchema = { querystring: ShareListQuery, response: { 200: Type.Array(Share), ...errorResponses } };
export const destinationsSchema = { querystring: DestinationQuery, response: { 200: Type.Array(ShareDestination), ...errorResponses } };
export const showSchema = { params: ShareParams, response: { 200: Share, ...errorResponses } };
export const createSchema = { body: ShareCreate, response: { 201: Share, ...errorResponses } };
export const patchSchema = { params: ShareParams, body: SharePatch, response: { 200: Share, ...errorResponses } };
export const applySchema = { params: ShareParams, body: ApplyBody, response: { 200: Share, ...errorResponses } };
export const commentsSchema = { params: ShareParams, response: { 200: Type.Array(Comment), ...errorResponses } };
export const commentSchema = { params: CommentParams, response: { 200: Comment, ...errorResponses } };
export const commentCreateSchema = { params: ShareParams, body: CommentCreate, response: { 201: Comment, ...errorResponses } };
export const commentPatchSchema = { params: CommentParams, body: CommentPatch, response: { 200: Comment, ...errorResponses } };
export const commentDeleteSchema = {
  params: CommentParams,
  querystring: VersionOnly,
  body: Type.Union([VersionOnly, Type.Null(), Type.Undefined()]),
  response: { 200: OkResponse, ...errorResponses },
};

export const driverListSchema = {
  querystring: Type.Object({ ...Page, delivery_destination_id: Type.Optional(Id) }, { additionalProperties: false }),
  response: { 200: Type.Array(Share), ...errorResponses },
};
/**
 * A note posted from the driver's screen carries the phone's report id: sent again after a lost
 * answer, it is not posted twice and is answered (200) with the note the first one made.
 */
export const driverCreateSchema = {
  body: Type.Object({ ...ShareCreate.properties, ...reportId }, { additionalProperties: false }),
  response: { 200: Share, 201: Share, ...errorResponses },
};
export const driverCommentCreateSchema = { params: ShareParams, body: DriverCommentCreate, response: { 201: Comment, ...errorResponses } };

/** field → i18n key of its label, for the messages of refused input. */
export const shareLabels: Record<string, string> = Object.fromEntries(
  [
    'id',
    'idx',
    'version',
    'delivery_destination_id',
    'delivery_destination_version',
    'title',
    'body',
    'category',
    'corrected_address',
    'latitude',
    'longitude',
    'status',
    'author',
    'q',
    '_sort',
    '_order',
    '_start',
    '_end',
  ]
    .map((name) => [name, `shares.fields.${name}`])
    .concat([['report_id', 'driverApp.fields.report_id']]),
);
