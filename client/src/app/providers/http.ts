/**
 * The one HTTP client: adds the Bearer token and the current language, and turns every
 * failure into Refine's HttpError carrying the server's `message` and field `errors`.
 */
import type { HttpError } from '@refinedev/core';
import axios, { type AxiosError } from 'axios';
import { currentLocale } from './i18n.js';
import { getToken } from './session.js';

export const API_URL = '/api';

export const http = axios.create();

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept-Language', currentLocale());
  return config;
});

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

function isFieldErrors(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toHttpError(error: AxiosError<ErrorBody>): HttpError {
  const body = error.response?.data;
  const message = typeof body?.message === 'string' ? body.message : error.message;
  return {
    message,
    statusCode: error.response?.status ?? 0,
    errors: isFieldErrors(body?.errors) ? body.errors : undefined,
    body,
  };
}

/**
 * A file download (`responseType: 'blob'`) receives its error body as a Blob: read back as the JSON the
 * server sent, so the HttpError carries its `message` and `errors` like any other request's. A body
 * that is not JSON (a proxy's page) is dropped: the message is then axios's own.
 */
export async function readBlobBody(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data;
  if (!data.type.includes('json')) return undefined;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return undefined;
  }
}

http.interceptors.response.use(undefined, async (error: AxiosError<ErrorBody>) => {
  if (error.response) error.response.data = (await readBlobBody(error.response.data)) as ErrorBody;
  return Promise.reject(toHttpError(error));
});

export function isHttpError(value: unknown): value is HttpError {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'message' in value;
}

/** What a failed request says to the user: the server's message, else the error's own. */
export function messageOf(error: unknown): string {
  if (isHttpError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Fetches a file with the token and hands it to the browser as a download. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const { data } = await http.get<Blob>(`${API_URL}${path}`, { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** multipart/form-data with one `file` field. */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await http.post<T>(`${API_URL}${path}`, form);
  return data;
}
