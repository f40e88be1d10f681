import { AuditOutlined, CheckCircleOutlined, DownOutlined, InfoCircleOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useProfile } from '../providers/use-profile.js';
import { canAccess } from '../providers/access-control.js';
import { affiliationOf } from '../providers/profile.js';
import { useT } from '../providers/translate.js';

/**
 * The user's name and company (compact: the name, the rest in the dropdown); the dropdown opens on
 * hover or tap: 動作確認 (/test), システム情報 (/debug) and 監査ログ (/audit-log) for super admins, and logout.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  const { profile } = useProfile();
  const { mutate: logout } = useLogout();
  const affiliation = profile ? affiliationOf(profile) : null;
  // Compact, the header has room for the name only: the full name and company head the dropdown.
  const whoItem = { key: 'who', disabled: true, label: [profile?.name, affiliation].filter(Boolean).join(' / ') };
  const items = [
    ...(compact && profile ? [whoItem, { type: 'divider' as const }] : []),
    { key: 'test', icon: <CheckCircleOutlined />, label: <Link to="/test" data-testid="menu-self-check">{t('screens.test')}</Link> },
    ...(canAccess(profile, 'system', 'list')
      ? [
          { key: 'debug', icon: <InfoCircleOutlined />, label: <Link to="/debug" data-testid="menu-system">{t('screens.debug')}</Link> },
          { key: 'audit-log', icon: <AuditOutlined />, label: <Link to="/audit-log" data-testid="menu-audit-log">{t('screens.auditLog')}</Link> },
        ]
      : []),
    { type: 'divider' as const },
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
