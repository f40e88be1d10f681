import { ConfigProvider, Grid, Layout, Menu, Space, type ThemeConfig } from 'antd';
import { HEADER_HEIGHT } from '../config.js';
import { LanguageSwitch } from './language-switch.js';
import { Logo } from './logo.js';
import { useMenuItems, useSelectedMenuKeys } from './menu-items.js';
import { MobileMenu } from './mobile-menu.js';
import { NotificationBell } from '../../features/notifications/notification-bell.js';
import { UserMenu } from './user-menu.js';

// Narrower items than antd's default so the English labels fit on one bar.
const MENU_THEME: ThemeConfig = { components: { Menu: { itemPaddingInline: 10 } } };

export function AppHeader() {
  const screens = Grid.useBreakpoint();
  const items = useMenuItems({ topLevelIcons: false });
  const selectedKeys = useSelectedMenuKeys();
  const wide = screens.lg !== false;
  return (
    <Layout.Header className="app-header" data-testid="app-header" style={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px` }}>
      <Logo />
      {wide ? (
        <ConfigProvider theme={MENU_THEME}>
          <Menu
            className="app-header__menu"
            mode="horizontal"
            items={items}
            selectedKeys={selectedKeys}
            data-testid="top-menu"
          />
        </ConfigProvider>
      ) : (
        <div className="app-header__spacer" />
      )}
      <Space size="middle" className="app-header__actions">
        <NotificationBell />
        {wide ? <LanguageSwitch /> : null}
        <UserMenu compact={!wide} />
        {wide ? null : <MobileMenu />}
      </Space>
    </Layout.Header>
  );
}
