import { Alert, Button, ConfigProvider, Input } from 'antd';
import enUS from 'antd/es/locale/en_US';
import jaJP from 'antd/es/locale/ja_JP';
import { useMemo, useState, type FormEvent } from 'react';
import { apiClient, ApiError } from './api.js';
import { DayScreen } from './DayScreen.js';
import { screenI18n, setLanguage, translate, type Language, type T } from './i18n.js';
import { Outbox } from './outbox.js';
import { outboxKey, savedSession, saveSession, type Session } from './session.js';

/** Daylight: black on white, one strong blue, large type and targets for a thumb. */
const THEME = {
  token: { colorPrimary: '#0038a8', colorText: '#000000', colorTextSecondary: '#1f1f1f', colorBorder: '#434343', fontSize: 18, controlHeightLG: 56, borderRadius: 10 },
};

export function App() {
  const [language, setScreenLanguage] = useState<Language>(screenI18n.language as Language);
  const [session, setSession] = useState<Session | null>(savedSession);
  // The language lives in the i18next instance; changing it re-renders the screen through `language`.
  const t: T = translate;
  const api = useMemo(() => apiClient(() => session?.token ?? null, () => language), [session, language]);
  const outbox = useMemo(() => (session ? new Outbox(localStorage, outboxKey(session.driver.id)) : null), [session]);

  const switchLanguage = () => {
    const next = language === 'ja' ? 'en' : 'ja';
    void setLanguage(next).then(() => setScreenLanguage(next));
  };
  const signOut = () => {
    if (session) void api.post('/api/driver/auth/logout', {}).catch(() => undefined);
    saveSession(null);
    setSession(null);
  };
  const signIn = (next: Session) => {
    saveSession(next);
    setSession(next);
  };

  return (
    <ConfigProvider theme={THEME} locale={language === 'ja' ? jaJP : enUS} button={{ autoInsertSpace: false }}>
      <div className="driver-app" lang={language}>
        <header className="driver-header">
          <strong>{session ? session.driver.name : t('driverScreen.appName')}</strong>
          <span className="driver-header-actions">
            <Button onClick={switchLanguage} data-testid="language">
              {t('driverScreen.language')}
            </Button>
            {session && <Button onClick={signOut}>{t('driverScreen.logout')}</Button>}
          </span>
        </header>
        {session && outbox ? <DayScreen key={session.driver.id} api={api} outbox={outbox} t={t} onSessionEnded={signOut} /> : <LoginScreen t={t} api={api} onSignedIn={signIn} />}
      </div>
    </ConfigProvider>
  );
}

function LoginScreen({ t, api, onSignedIn }: { t: T; api: ReturnType<typeof apiClient>; onSignedIn: (session: Session) => void }) {
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!loginId.trim() || !password) return setError(t('driverScreen.login.required'));
    setBusy(true);
    try {
      const answer = await api.post<{ access_token: string; driver: Session['driver'] }>('/api/driver/auth/login', { login_id: loginId.trim(), password });
      onSignedIn({ token: answer.access_token, driver: answer.driver });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('driverScreen.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="driver-login" onSubmit={(event) => void submit(event)}>
      <h1>{t('driverScreen.login.title')}</h1>
      <label>
        {t('driverScreen.login.loginId')}
        <Input size="large" name="login_id" autoComplete="username" value={loginId} onChange={(e) => setLoginId(e.target.value)} />
      </label>
      <label>
        {t('driverScreen.login.password')}
        <Input.Password size="large" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <Alert type="error" message={error} showIcon />}
      <Button type="primary" size="large" block htmlType="submit" loading={busy}>
        {t('driverScreen.login.submit')}
      </Button>
    </form>
  );
}
