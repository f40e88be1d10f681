import { Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import '../providers/area-messages.js';
import { useProfile, useProfileErrors } from '../providers/use-profile.js';
import { PageSpinner } from '../page-spinner.js';
import { RouteBoundary } from '../route-boundary.js';
import { AppFooter } from './app-footer.js';
import { AppHeader } from './app-header.js';
import { useT } from '../providers/translate.js';

/** Header, page, footer; a full-page overlay until the user's profile (and so roles) is loaded. */
export function AppLayout() {
  const { t } = useT();
  const { pathname } = useLocation();
  const { isLoading, error } = useProfile();
  useProfileErrors(error);
  return (
    <Layout className="app-layout">
      <AppHeader />
      <Layout.Content className="app-content">
        <RouteBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteBoundary>
      </Layout.Content>
      <AppFooter />
      <Spin fullscreen spinning={isLoading} tip={t('app.loading')} data-testid="loading-overlay" />
    </Layout>
  );
}
