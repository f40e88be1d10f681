import { CloseOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Button, Drawer, Menu, Space } from 'antd';
import { useState } from 'react';
import { LanguageSwitch } from './language-switch.js';
import { useMenuItems, useSelectedMenuKeys } from './menu-items.js';
import { useT } from '../providers/translate.js';

/** Small screens: a full-screen menu with the same items as the top menu. */
export function MobileMenu() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const items = useMenuItems();
  const selectedKeys = useSelectedMenuKeys();
  const { mutate: logout } = useLogout();
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined style={{ fontSize: 20 }} />}
        onClick={() => setOpen(true)}
        aria-label={t('menu.openMenu')}
        data-testid="mobile-menu-button"
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="right"
        width="100%"
        closeIcon={<CloseOutlined />}
        title={t('app.name')}
        rootClassName="mobile-menu"
        data-testid="mobile-menu"
      >
        <Menu mode="inline" items={items} selectedKeys={selectedKeys} onClick={() => setOpen(false)} />
        <Space direction="vertical" className="mobile-menu__footer">
          <LanguageSwitch />
          <Button icon={<LogoutOutlined />} onClick={() => logout()} block>
            {t('menu.logout')}
          </Button>
        </Space>
      </Drawer>
    </>
  );
}
