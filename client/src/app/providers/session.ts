/**
 * What the browser keeps between visits: the access token (cookie and localStorage, so a
 * token set by either survives), the user's profile and their saved table columns.
 */
import type { Profile } from './profile.js';

export const TOKEN_KEY = 'access_token';
export const USER_KEY = 'user_info';
export const COLUMN_CONFIG_KEY = 'column_config';
/** Per-user screen state of the delivery list, forgotten on logout. */
export const SCREEN_STATE_KEYS = ['delivery-search', 'check-hide'] as const;

const TOKEN_DAYS = 7;
export const DAY_SECONDS = 24 * 60 * 60;

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

function forget(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/`;
  localStorage.removeItem(name);
}

/** An empty token or the literal string `undefined` (an old client's bug) means logged out. */
function usable(token: string | null): string | null {
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

export function getToken(): string | null {
  return usable(readCookie(TOKEN_KEY)) ?? usable(localStorage.getItem(TOKEN_KEY));
}

/** The JWT's `exp` claim in seconds, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function isExpired(token: string, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= nowMs;
}

export function hasValidToken(nowMs = Date.now()): boolean {
  const token = getToken();
  return token !== null && !isExpired(token, nowMs);
}

export function saveSession(token: string, user: Profile | null): void {
  writeCookie(TOKEN_KEY, token, TOKEN_DAYS * DAY_SECONDS);
  localStorage.setItem(TOKEN_KEY, token);
  if (user) saveUser(user);
}

export function getUser(): Profile | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Profile;
  } catch {
    return null;
  }
}

export function saveUser(user: Profile): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (user.config !== undefined && user.config !== null) {
    localStorage.setItem(COLUMN_CONFIG_KEY, JSON.stringify(user.config));
  }
}

/** Token and user data; with `screenState`, also what the delivery list remembered. */
export function clearSession({ screenState = false } = {}): void {
  [TOKEN_KEY, USER_KEY, COLUMN_CONFIG_KEY].forEach(forget);
  if (screenState) SCREEN_STATE_KEYS.forEach(forget);
}

/** On load: an expired token is cleared with the user data. Returns whether it was. */
export function clearExpiredSession(nowMs = Date.now()): boolean {
  const token = getToken();
  if (token === null || !isExpired(token, nowMs)) return false;
  clearSession();
  return true;
}
