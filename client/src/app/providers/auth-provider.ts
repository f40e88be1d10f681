/**
 * Token-based login against /api/auth. The token lives in the session module; the
 * profile (type, level, roles) drives the access-control provider.
 */
import type { AuthProvider, HttpError } from '@refinedev/core';
import type { LoginAnswerWire, LoginBodyWire } from '../../../../server/auth/schemas.js';
import { i18n } from './i18n.js';
import { API_URL, http, isHttpError } from './http.js';
import { liveProvider } from '../../shared/realtime/live-bridge.js';
import type { Profile } from './profile.js';
import { forgetCachedData, forgetPermissions } from './query-client.js';
import { clearSession, getToken, getUser, hasValidToken, saveSession, saveUser } from './session.js';
import { toast } from './toast.js';

export const LOGIN_PATH = '/login';
export const FORBIDDEN_TOAST_KEY = 'forbidden';

export type LoginValues = LoginBodyWire;

async function fetchProfile(): Promise<Profile> {
  const { data } = await http.get<Profile>(`${API_URL}/auth/profile`);
  saveUser(data);
  return data;
}

let pendingProfile: Promise<Profile | null> | null = null;

/** The stored profile, fetched once when missing (e.g. a token set by another tab). */
export function loadProfile(): Promise<Profile | null> {
  const stored = getUser();
  if (stored) return Promise.resolve(stored);
  if (!hasValidToken()) return Promise.resolve(null);
  pendingProfile ??= fetchProfile()
    .catch(() => null)
    .finally(() => {
      pendingProfile = null;
    });
  return pendingProfile;
}

export const authProvider: AuthProvider = {
  login: async ({ login_id, password }: LoginValues) => {
    try {
      const { data } = await http.post<LoginAnswerWire>(`${API_URL}/auth/login`, {
        login_id,
        password,
      });
      clearSession();
      forgetPermissions();
      saveSession(data.access_token, data.user);
      return { success: true, redirectTo: '/' };
    } catch (error) {
      const message = isHttpError(error) && error.message ? error.message : i18n.t('auth.invalidCredentials');
      return { success: false, error: { name: i18n.t('auth.title'), message } };
    }
  },

  logout: async () => {
    if (getToken()) {
      // The server revokes the token (a later request with it answers 401). Forget ours even if that fails.
      await http.post(`${API_URL}/auth/logout`).catch(() => undefined);
    }
    clearSession({ screenState: true });
    forgetCachedData();
    liveProvider.close();
    return { success: true, redirectTo: LOGIN_PATH };
  },

  check: async () => {
    if (hasValidToken()) return { authenticated: true };
    clearSession();
    return { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
  },

  getIdentity: async () => (hasValidToken() ? fetchProfile() : null),

  getPermissions: async () => getUser()?.roles ?? null,

  onError: async (error: HttpError) => {
    const status = isHttpError(error) ? error.statusCode : undefined;
    if (status === 401) return { logout: true, redirectTo: LOGIN_PATH, error };
    if (status === 403) {
      toast.error(i18n.t('errors.forbidden'), FORBIDDEN_TOAST_KEY);
      return { logout: true, redirectTo: LOGIN_PATH, error };
    }
    return {};
  },
};
