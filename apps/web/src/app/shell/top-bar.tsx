import {
  Button,
  ConfigProvider,
  Flex,
  Grid,
  Layout,
  Menu,
  Tooltip,
  Typography,
  theme,
  type ThemeConfig,
} from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import type { Permission } from '@truck-queue/shared/roles';
import { Brand } from '../../components/brand.tsx';
import { BranchSwitcher } from './branch-switcher.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { UserMenu } from './user-menu.tsx';
import { AlertBell } from '../../features/alerts/alert-bell.tsx';
import { buildMenuItems, selectedMenuKey, visibleSections } from './menu-items.tsx';
import { useMenuBadges } from './use-menu-badges.ts';
import { useLayoutSettings } from '../../lib/layout-settings-context.tsx';
import { HEADER_HEIGHT } from './side-menu.tsx';

/** Text and highlights on a dark or coloured top bar. */
export const ON_DARK = {
  text: 'rgba(255, 255, 255, 0.85)',
  strongText: '#fff',
  hoverBg: 'rgba(255, 255, 255, 0.12)',
  activeBg: 'rgba(255, 255, 255, 0.18)',
} as const;

/**
 * The tools' text buttons on a dark or coloured bar: near-white, with a translucent white
 * hover. Only text-button tokens, so the dropdowns and the password dialog the tools open
 * keep the app's own light or dark theme.
 */
const TOOLS_ON_DARK: ThemeConfig = {
  components: {
    Button: {
      textTextColor: ON_DARK.text,
      textTextHoverColor: ON_DARK.strongText,
      textTextActiveColor: ON_DARK.strongText,
      textHoverBg: ON_DARK.hoverBg,
      colorFill: ON_DARK.activeBg,
    },
  },
};

interface TopBarProps {
  title: string | undefined;
  fullName: string;
  branch: Branch;
  permissions: readonly Permission[];
  onOpenSettings: () => void;
  /** A phone: the menu is a drawer (`onOpenMenu` opens it) and the page heads itself with its title. */
  phone: boolean;
  onOpenMenu: () => void;
}

/**
 * Top bar: menu toggle and page title (vertical) or the whole menu (horizontal), then tools.
 * Below antd's `md` breakpoint the tools shrink to their icons so that all of them fit on a phone;
 * on a phone, whatever the orientation, the bar holds the menu's button, the mark and the tools.
 */
export function TopBar({
  title,
  fullName,
  branch,
  permissions,
  onOpenSettings,
  phone,
  onOpenMenu,
}: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { settings, condensed, setCondensed } = useLayoutSettings();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const horizontal = settings.orientation === 'horizontal';
  const tone = settings.topbarTheme;
  const onDark = tone !== 'light';
  const background =
    tone === 'colored' ? token.colorPrimary : tone === 'dark' ? '#001529' : token.colorBgContainer;
  const sections = visibleSections(permissions);
  const selected = selectedMenuKey(pathname, sections);
  const badges = useMenuBadges();

  // The dark algorithm only for the menu and title side: the tools' popups keep the app's theme.
  const leadTheme: ThemeConfig = {
    ...(onDark ? { algorithm: theme.darkAlgorithm } : {}),
    components: {
      Menu: {
        darkItemBg: 'transparent',
        darkPopupBg: '#001529',
        darkItemColor: ON_DARK.text,
        darkItemHoverColor: ON_DARK.strongText,
        darkItemSelectedColor: ON_DARK.strongText,
        darkItemSelectedBg: tone === 'colored' ? ON_DARK.activeBg : token.colorPrimary,
      },
    },
  };

  return (
    <Layout.Header
      style={{
        position: settings.width === 'scrollable' ? 'relative' : 'sticky',
        top: 0,
        zIndex: 10,
        height: HEADER_HEIGHT,
        paddingInline: compact ? 12 : 16,
        background,
        borderBottom: onDark ? undefined : `1px solid ${token.colorBorderSecondary}`,
        display: 'flex',
        alignItems: 'center',
        gap: compact ? 8 : 12,
      }}
    >
      <ConfigProvider theme={leadTheme}>
        {phone ? (
          <Flex align="center" gap={8} style={{ flex: 1, minWidth: 0 }}>
            <Button
              type="text"
              aria-label={t('shell.openMenu')}
              data-testid="open-menu"
              icon={<MenuOutlined />}
              onClick={onOpenMenu}
            />
            <Brand inverted={onDark} iconOnly size="small" />
          </Flex>
        ) : horizontal ? (
          <>
            <Brand inverted={onDark} iconOnly={!screens.lg} />
            <Menu
              mode="horizontal"
              theme={onDark ? 'dark' : 'light'}
              selectedKeys={selected ? [selected] : []}
              items={buildMenuItems(sections, 'top', t, badges)}
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
            <Typography.Title
              data-testid="page-title"
              level={compact ? 5 : 4}
              ellipsis={{ tooltip: title }}
              style={{ margin: 0, flex: 1, minWidth: 0 }}
            >
              {title}
            </Typography.Title>
          </>
        )}
      </ConfigProvider>
      <ConfigProvider theme={onDark ? TOOLS_ON_DARK : {}}>
        <Flex align="center" gap={compact ? 2 : 4} style={{ flex: 'none' }}>
          <AlertBell compact={compact} />
          <BranchSwitcher
            current={branch}
            canSwitch={permissions.includes('branchSwitch')}
            compact={compact}
            inverted={onDark}
          />
          <LanguageSwitcher compact={compact} />
          <Tooltip title={t('shell.settings')}>
            <Button
              type="text"
              aria-label={t('shell.settings')}
              icon={<SettingOutlined />}
              onClick={onOpenSettings}
            />
          </Tooltip>
          <UserMenu fullName={fullName} compact={compact} inverted={onDark} />
        </Flex>
      </ConfigProvider>
    </Layout.Header>
  );
}
