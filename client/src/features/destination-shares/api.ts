/** Calls of the address-sharing API (server/destination-shares/); writes carry a version where the server checks one. */
import type { ShareCategory, ShareStatus } from '../../../../common/shares.js';
import { API_URL, http, isHttpError } from '../../app/providers/http.js';

export const BASE = `${API_URL}/destination_share`;
/** Refine's resource (resources.tsx) for the list's useTable. */
export const RESOURCE = 'destination-shares';

interface Authorship {
  author_kind: 'user' | 'driver';
  author_name: string;
  mine: boolean;
}

export interface Share extends Authorship {
  id: number;
  version: number;
  delivery_destination_id: number;
  delivery_code: string;
  store_name: string;
  customer_company_name: string;
  destination_address: string;
  destination_latitude: number | null;
  destination_longitude: number | null;
  destination_version: number;
  title: string;
  body: string;
  category: ShareCategory;
  corrected_address: string | null;
  latitude: number | null;
  longitude: number | null;
  status: ShareStatus;
  comment_count: number;
  last_comment_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Comment extends Authorship {
  share_id: number;
  idx: number;
  body: string;
  latitude: number | null;
  longitude: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ShareDestination {
  id: number;
  delivery_code: string;
  store_name: string;
  customer_company_name: string;
  address: string;
}

export interface ShareInput {
  delivery_destination_id: number;
  title: string;
  category: ShareCategory;
  body?: string;
  corrected_address?: string | null;
}

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

