/** Calls of the address-sharing API (server/destination-shares/); writes carry a version where the server checks one. */
import type { CommentWire, ShareCreate, ShareDestinationWire, ShareWire } from '../../../../server/destination-shares/schemas.js';
import { API_URL, http, isHttpError } from '../../app/providers/http.js';

export const BASE = `${API_URL}/destination_share`;
/** Refine's resource (resources.tsx) for the list's useTable. */
export const RESOURCE = 'destination-shares';

export type Share = ShareWire;
export type Comment = CommentWire;
export type ShareDestination = ShareDestinationWire;
/** What the create form sends: the store, a title, a category and the text (no coordinates). */
export type ShareInput = Omit<ShareCreate, 'latitude' | 'longitude'>;

export async function fetchShare(id: number | string): Promise<Share> {
  return (await http.get<Share>(`${BASE}/${id}`)).data;
}

export async function createShare(input: ShareInput): Promise<Share> {
  return (await http.post<Share>(BASE, input)).data;
}

export async function setStatus(share: Pick<Share, 'id' | 'version'>, status: 'open' | 'closed'): Promise<Share> {
  return (await http.patch<Share>(`${BASE}/${share.id}`, { version: share.version, status })).data;
}

export async function fetchDestinations(q: string | undefined, ids?: number[]): Promise<ShareDestination[]> {
  return (await http.get<ShareDestination[]>(`${BASE}/destinations`, { params: { q: q || undefined, id: ids, _start: 0, _end: 50 }, paramsSerializer: { indexes: null } })).data;
}

export async function fetchComments(shareId: number | string): Promise<Comment[]> {
  return (await http.get<Comment[]>(`${BASE}/${shareId}/comments`)).data;
}

export async function fetchComment(shareId: number | string, idx: number | string): Promise<Comment> {
  return (await http.get<Comment>(`${BASE}/${shareId}/comments/${idx}`)).data;
}

export async function postComment(shareId: number, body: string): Promise<Comment> {
  return (await http.post<Comment>(`${BASE}/${shareId}/comments`, { body })).data;
}

export async function editComment(comment: Pick<Comment, 'share_id' | 'idx' | 'version'>, body: string): Promise<Comment> {
  return (await http.patch<Comment>(`${BASE}/${comment.share_id}/comments/${comment.idx}`, { body, version: comment.version })).data;
}

export async function deleteComment(comment: Pick<Comment, 'share_id' | 'idx' | 'version'>): Promise<void> {
  await http.delete(`${BASE}/${comment.share_id}/comments/${comment.idx}`, { params: { version: comment.version } });
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The geocoder (GET /api/geocode): coordinates, or null when it does not know the address. */
export async function geocode(address: string): Promise<Coordinates | null> {
  try {
    return (await http.get<Coordinates>(`${API_URL}/geocode`, { params: { address } })).data;
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 422) return null;
    throw error;
  }
}

export async function applyCorrection(share: Share, address: string, at: Coordinates): Promise<Share> {
  const body = { version: share.version, delivery_destination_version: share.destination_version, corrected_address: address, ...at };
  return (await http.post<Share>(`${BASE}/${share.id}/apply`, body)).data;
}

