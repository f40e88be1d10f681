// @vitest-environment jsdom
/** The specification's session rules (sections 3, 4 and 9). */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearExpiredSession,
  clearSession,
  getToken,
  getUser,
  hasValidToken,
  saveSession,
} from '../../client/src/app/providers/session.js';
import type { Profile } from '../../client/src/app/providers/profile.js';

function jwt(expSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 1, exp: expSeconds })}.signature`;
}

const user: Profile = {
  id: 1,
  name: '山田',
  login_id: 'hq',
  type: 2,
  level: 1,
  roles: [],
  department: { id: 1, code: 'HQ', name: '本社', level: 1 },
  delivery_company: null,
  config: { columns: ['a'] },
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

function clearCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

describe('session', () => {
  it('keeps the token in the access_token cookie and in localStorage, with the user and column config', () => {
    const token = jwt(nowSeconds() + 3600);
    saveSession(token, user);
    expect(document.cookie).toContain(`access_token=${encodeURIComponent(token)}`);
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(getUser()?.name).toBe('山田');
    expect(JSON.parse(localStorage.getItem('column_config') ?? 'null')).toEqual({ columns: ['a'] });
    expect(hasValidToken()).toBe(true);
  });

  it('reads a token kept only in localStorage', () => {
    const token = jwt(nowSeconds() + 3600);
    localStorage.setItem('access_token', token);
    expect(getToken()).toBe(token);
  });

  it('treats an empty token or the literal string "undefined" as logged out', () => {
    localStorage.setItem('access_token', 'undefined');
    expect(getToken()).toBeNull();
    expect(hasValidToken()).toBe(false);
    localStorage.setItem('access_token', '');
    document.cookie = 'access_token=undefined; Path=/';
    expect(getToken()).toBeNull();
    expect(hasValidToken()).toBe(false);
  });

  it('clears the token, user_info and column_config on load when exp has passed', () => {
    saveSession(jwt(nowSeconds() - 10), user);
    expect(clearExpiredSession()).toBe(true);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user_info')).toBeNull();
    expect(localStorage.getItem('column_config')).toBeNull();
  });

  it('leaves a token that has not expired', () => {
    saveSession(jwt(nowSeconds() + 60), user);
    expect(clearExpiredSession()).toBe(false);
    expect(getUser()).not.toBeNull();
  });

  it('forgets the delivery list’s search and hidden columns only on logout', () => {
    saveSession(jwt(nowSeconds() + 60), user);
    localStorage.setItem('delivery-search', '{}');
    localStorage.setItem('check-hide', '[]');
    clearSession();
    expect(localStorage.getItem('delivery-search')).toBe('{}');
    clearSession({ screenState: true });
    expect(localStorage.getItem('delivery-search')).toBeNull();
    expect(localStorage.getItem('check-hide')).toBeNull();
  });
});
