import { useState } from 'react';
import { Avatar, Button, Dropdown, Grid } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOGOUT_PATH } from '../paths.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';

/** The signed-in officer's name, with "change my password" and "sign out". */
export function UserMenu({ fullName }: { fullName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: t('shell.changePassword') },
            { type: 'divider' },
            { key: 'signout', icon: <LogoutOutlined />, label: t('shell.signOut'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setChangingPassword(true);
            if (key === 'signout') void navigate(LOGOUT_PATH);
          },
        }}
      >
        <Button type="text" style={{ paddingInline: 8 }} aria-label={fullName}>
          <Avatar size="small" icon={<UserOutlined />} />
          {screens.md && (
            <span style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>{fullName}</span>
          )}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
