import { Button, ConfigProvider, Flex, Layout, Menu, Tooltip, Typography, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import type { Permission } from '@truck-queue/shared/roles';
import { Brand } from './brand.tsx';
import { BranchSwitcher } from './branch-switcher.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { UserMenu } from './user-menu.tsx';
import { buildMenuItems, selectedMenuKey, visibleSections } from './menu-items.tsx';
import { useLayoutSettings } from './layout-settings-context.tsx';
import { HEADER_HEIGHT } from './side-menu.tsx';

interface TopBarProps {
  title: string | undefined;
  fullName: string;
  branch: Branch;
  permissions: readonly Permission[];
  onOpenSettings: () => void;
}

/** Top bar: menu toggle and page title (vertical) or the whole menu (horizontal), then tools. */
export function TopBar({ title, fullName, branch, permissions, onOpenSettings }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { settings, condensed, setCondensed } = useLayoutSettings();
  const { token } = theme.useToken();
  const horizontal = settings.orientation === 'horizontal';
  const tone = settings.topbarTheme;
  const onDark = tone !== 'light';
  const background =
    tone === 'colored' ? token.colorPrimary : tone === 'dark' ? '#001529' : token.colorBgContainer;
  const sections = visibleSections(permissions);
  const selected = selectedMenuKey(pathname, sections);

  return (
    <ConfigProvider
      theme={{
        ...(onDark ? { algorithm: theme.darkAlgorithm } : {}),
        components: {
          Menu: {
            darkItemBg: 'transparent',
            darkPopupBg: '#001529',
            darkItemSelectedBg: tone === 'colored' ? 'rgba(255, 255, 255, 0.22)' : token.colorPrimary,
          },
        },
      }}
    >
      <Layout.Header
        style={{
          position: settings.width === 'scrollable' ? 'relative' : 'sticky',
          top: 0,
          zIndex: 10,
          height: HEADER_HEIGHT,
          paddingInline: 16,
          background,
          borderBottom: onDark ? undefined : `1px solid ${token.colorBorderSecondary}`,
          display: 'flex',
          alignItems: 'center',
          gap: 12,
        }}
      >
        {horizontal ? (
          <>
            <Brand inverted={onDark} />
            <Menu
              mode="horizontal"
              theme={onDark ? 'dark' : 'light'}
              selectedKeys={selected ? [selected] : []}
              items={buildMenuItems(sections, 'top', t)}
              onClick={({ key }) => void navigate(key)}
              style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
            />
          </>
        ) : (
          <>
            <Tooltip title={t('shell.toggleMenu')}>
              <Button
                type="text"
                aria-label={t('shell.toggleMenu')}
                icon={condensed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCondensed(!condensed)}
              />
            </Tooltip>
            <Typography.Title level={4} ellipsis style={{ margin: 0, flex: 1, minWidth: 0 }}>
              {title}
            </Typography.Title>
          </>
        )}
        <Flex align="center" gap={4} style={{ flex: 'none' }}>
          <BranchSwitcher current={branch} canSwitch={permissions.includes('branchSwitch')} />
          <LanguageSwitcher />
          <Tooltip title={t('shell.settings')}>
            <Button
              type="text"
              aria-label={t('shell.settings')}
              icon={<SettingOutlined />}
              onClick={onOpenSettings}
            />
          </Tooltip>
          <UserMenu fullName={fullName} />
        </Flex>
      </Layout.Header>
    </ConfigProvider>
  );
}
