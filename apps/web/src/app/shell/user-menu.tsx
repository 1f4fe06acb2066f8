import { useState } from 'react';
import { Avatar, Button, Dropdown, Typography, type MenuProps } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOGOUT_PATH } from '../../lib/paths.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';

interface UserMenuProps {
  fullName: string;
  /** A narrow screen: the avatar alone; the name heads the dropdown instead. */
  compact?: boolean;
  /** On a dark or coloured top bar. */
  inverted?: boolean;
}

/** The signed-in officer's name, with "change my password" and "sign out". */
export function UserMenu({ fullName, compact = false, inverted = false }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);

  const items: MenuProps['items'] = [
    ...(compact
      ? [
          {
            type: 'group' as const,
            key: 'name',
            label: <Typography.Text strong>{fullName}</Typography.Text>,
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'password', icon: <KeyOutlined />, label: t('shell.changePassword') },
    { type: 'divider' },
    { key: 'signout', icon: <LogoutOutlined />, label: t('shell.signOut'), danger: true },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'password') setChangingPassword(true);
            if (key === 'signout') void navigate(LOGOUT_PATH);
          },
        }}
      >
        <Button type="text" style={{ paddingInline: compact ? 4 : 8 }} aria-label={fullName}>
          <Avatar
            size="small"
            icon={<UserOutlined />}
            style={inverted ? { background: 'rgba(255, 255, 255, 0.25)', color: '#fff' } : undefined}
          />
          {!compact && (
            <span
              style={{
                display: 'inline-block',
                maxWidth: 200,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {fullName}
            </span>
          )}
          {!compact && <DownOutlined style={{ fontSize: 10 }} />}
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
