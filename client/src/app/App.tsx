import { Refine, type I18nProvider, type NotificationProvider } from '@refinedev/core';
import { useNotificationProvider } from './providers/antd-notification.js';
import routerBindings, { DocumentTitleHandler, UnsavedChangesNotifier } from '@refinedev/react-router-v6';
import { App as AntdApp, ConfigProvider, Empty } from 'antd';
import { useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createAccessControlProvider } from './providers/access-control.js';
import { authProvider, FORBIDDEN_TOAST_KEY, loadProfile } from './providers/auth-provider.js';
import { dataProvider } from './providers/data-provider.js';
import { liveProvider } from '../shared/realtime/live-bridge.js';
import { ANTD_LOCALES, currentLocale, i18n, i18nProvider } from './providers/i18n.js';
import { queryClient } from './providers/query-client.js';
import { THEME } from './providers/theme.js';
import { BUTTON_CONFIG, bindToasts, isRecordNotFoundToast, LOGIN_ERROR_KEY, TOAST_CONFIG } from './providers/toast.js';
import { findResource, resourceNameKey, toRefineResources } from './resources.js';
import { AppRoutes } from './routes.js';
import { useT } from './providers/translate.js';

const accessControlProvider = createAccessControlProvider(loadProfile);
const resources = toRefineResources();

/**
 * antd toasts, without repeating the title as the description (both are 成功しました in ja).
 * A 403 raised by a data hook becomes the one "forbidden" toast the auth provider also shows.
 */
function useToastProvider(): NotificationProvider {
  const base = useNotificationProvider();
  const { notification } = AntdApp.useApp();
  useEffect(() => bindToasts(notification), [notification]);
  return {
    ...base,
    open: (params) => {
      // The login page shows its own failure beside the form: once, not again in a toast.
      if (params.key === LOGIN_ERROR_KEY) return;
      if (isRecordNotFoundToast(params, i18n.t('errors.notFound'))) return;
      if (params.type === 'error' && params.description === i18n.t('errors.forbidden')) {
        base.open({ type: 'error', key: FORBIDDEN_TOAST_KEY, message: params.description });
        return;
      }
      base.open({ ...params, description: params.description === params.message ? undefined : params.description });
    },
  };
}

/** Every empty table and list says the specification's words: 該当するデータはありません. */
const renderEmpty = () => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={i18n.t('messages.emptyTable')} />;

function documentTitle({ resource }: { resource?: { identifier?: string; name: string } }): string {
  const screen = findResource(resource?.identifier ?? resource?.name);
  const app = i18n.t('app.name');
  return screen ? `${i18n.t(screen.label)} | ${app}` : app;
}

export function App() {
  const { i18n: instance } = useT();
  const locale = currentLocale();
  // A new provider object on a language change makes Refine's own components re-render.
  const translations = useMemo(
    (): I18nProvider => ({
      ...i18nProvider,
      translate: (key, options, defaultMessage) =>
        i18nProvider.translate(i18n.exists(key) ? key : (resourceNameKey(key) ?? key), options, defaultMessage),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is what makes a new object: nothing inside reads it
    [instance.language],
  );
  return (
    <BrowserRouter>
      <ConfigProvider locale={ANTD_LOCALES[locale]} theme={THEME} button={BUTTON_CONFIG} renderEmpty={renderEmpty}>
        <AntdApp notification={TOAST_CONFIG}>
          <Refine
            routerProvider={routerBindings}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={translations}
            notificationProvider={useToastProvider}
            liveProvider={liveProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              // Screens choose what a live event does (useLiveRefetch): an edit form must not reload under the user.
              liveMode: 'manual',
              reactQuery: { clientConfig: queryClient },
            }}
          >
            <AppRoutes />
            <UnsavedChangesNotifier />
            <DocumentTitleHandler handler={documentTitle} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
