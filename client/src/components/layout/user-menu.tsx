import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { useProfile } from '../../hooks/use-profile.js';
import { affiliationOf } from '../../providers/profile.js';
import { useT } from '../../providers/translate.js';

/** The user's name and company (compact: the name, the rest in the dropdown); logout opens on hover or tap. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  const { profile } = useProfile();
  const { mutate: logout } = useLogout();
  const affiliation = profile ? affiliationOf(profile) : null;
  // Compact, the header has room for the name only: the full name and company head the dropdown.
  const whoItem = { key: 'who', disabled: true, label: [profile?.name, affiliation].filter(Boolean).join(' / ') };
  const items = [
    ...(compact && profile ? [whoItem, { type: 'divider' as const }] : []),
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout">{t('menu.logout')}</span>,
      onClick: () => logout(),
    },
  ];
  return (
    <Dropdown trigger={compact ? ['click'] : ['hover']} menu={{ items }} placement="bottomRight">
      <Space className={compact ? 'user-menu user-menu--compact' : 'user-menu'} data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span className="user-menu__text">
          <Typography.Text strong data-testid="user-name">
            {profile?.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="user-menu__company" data-testid="user-company">
            {affiliation}
          </Typography.Text>
        </span>
        <DownOutlined className="user-menu__arrow" style={{ fontSize: 10 }} />
      </Space>
    </Dropdown>
  );
}
