import type { Sent } from './outbox.js';
import { bodyOf, pathOf, type Report } from './reports.js';

/** The answer of a request the server refused: its status and its message (the one error shape). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The driver-app API with the driver's token, in the screen's language. */
export function apiClient(token: () => string | null, language: () => string) {
  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'accept-language': language() };
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = (await response.json().catch(() => ({}))) as T & { message?: string; errors?: Record<string, string> };
    if (!response.ok) {
      const fields = answer.errors ? Object.values(answer.errors).join(' ') : '';
      throw new ApiError(response.status, [answer.message, fields].filter(Boolean).join(' '));
    }
    return answer;
  }

  /** One queued report: sent, refused by the server (4xx but an expired sign-in), or not reachable now. */
  async function send(report: Report): Promise<Sent> {
    try {
      return { kind: 'sent', answer: await request('POST', pathOf(report), bodyOf(report)) };
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return { kind: 'refused', message: error.message };
      return { kind: 'unreachable' };
    }
  }

  return { get: <T>(path: string) => request<T>('GET', path), post: <T>(path: string, body: unknown) => request<T>('POST', path, body), send };
}

export type Api = ReturnType<typeof apiClient>;
