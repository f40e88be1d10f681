// @vitest-environment jsdom
/** The auth provider's reactions to the server (specification sections 6 and 8). */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('../../client/src/app/providers/toast.js', () => ({
  toast: { error: toastError, success: vi.fn(), info: vi.fn() },
  TOAST_CONFIG: {},
  bindToasts: vi.fn(),
}));

const { authProvider } = await import('../../client/src/app/providers/auth-provider.js');
const { i18n } = await import('../../client/src/app/providers/i18n.js');
const { saveSession } = await import('../../client/src/app/providers/session.js');

function jwt(expSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: expSeconds })}.signature`;
}

beforeEach(async () => {
  toastError.mockClear();
  localStorage.clear();
  document.cookie = 'access_token=; Max-Age=0; Path=/';
  await i18n.changeLanguage('ja');
});

describe('auth provider', () => {
  it('logs out on 401 without a toast', async () => {
    const answer = await authProvider.onError({ statusCode: 401, message: 'x' });
    expect(answer).toMatchObject({ logout: true, redirectTo: '/login' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows the specification’s message on 403, then logs out', async () => {
    const answer = await authProvider.onError({ statusCode: 403, message: 'x' });
    expect(answer).toMatchObject({ logout: true, redirectTo: '/login' });
    expect(toastError).toHaveBeenCalledWith('このページにアクセスする権限がありません.再度ログイン必要があります。', 'forbidden');
  });

  it('shows the 403 message in English when English is chosen', async () => {
    await i18n.changeLanguage('en');
    await authProvider.onError({ statusCode: 403, message: 'x' });
    expect(toastError).toHaveBeenCalledWith('You do not have permission to access this page', 'forbidden');
  });

  it('leaves other errors to the screen', async () => {
    expect(await authProvider.onError({ statusCode: 409, message: 'x' })).toEqual({});
    expect(await authProvider.onError({ statusCode: 500, message: 'x' })).toEqual({});
  });

  it('is authenticated only with a token that has not expired', async () => {
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
    saveSession(jwt(Math.floor(Date.now() / 1000) + 60), null);
    expect(await authProvider.check()).toEqual({ authenticated: true });
    saveSession(jwt(Math.floor(Date.now() / 1000) - 60), null);
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('remembers the language choice', async () => {
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
