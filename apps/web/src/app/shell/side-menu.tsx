import { ConfigProvider, Layout, Menu, theme } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@truck-queue/shared/roles';
import { Brand } from '../../components/brand.tsx';
import { buildMenuItems, selectedMenuKey, visibleSections, type MenuLayout } from './menu-items.tsx';
import { useLayoutSettings } from '../../lib/layout-settings-context.tsx';

export const SIDER_WIDTH = { default: 264, compact: 224, condensed: 72 } as const;
export const HEADER_HEIGHT = 64;

/** The vertical layout's sidebar: the product mark and the menu the officer may use. */
export function SideMenu({ permissions }: { permissions: readonly Permission[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { settings, condensed, setCondensed } = useLayoutSettings();
  const { token } = theme.useToken();
  const dark = settings.sidebarColor === 'dark';
  const compact = settings.sidebarType === 'compact';
  const sections = visibleSections(permissions);
  const layout: MenuLayout = condensed ? 'side-condensed' : 'side';
  const selected = selectedMenuKey(pathname, sections);
  const sticky = settings.width !== 'scrollable';

  return (
    <Layout.Sider
      theme={settings.sidebarColor}
      width={compact ? SIDER_WIDTH.compact : SIDER_WIDTH.default}
      collapsedWidth={SIDER_WIDTH.condensed}
      collapsible
      collapsed={condensed}
      trigger={null}
      breakpoint="lg"
      onBreakpoint={(narrow) => setCondensed(narrow || settings.sidebarType === 'icon')}
      className={compact ? 'tq-sider tq-sider-compact' : 'tq-sider'}
      style={{
        position: sticky ? 'sticky' : 'relative',
        top: 0,
        height: sticky ? '100vh' : undefined,
        overflowY: 'auto',
        borderInlineEnd: dark ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div
        style={{
          height: HEADER_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          justifyContent: condensed ? 'center' : 'flex-start',
          paddingInline: condensed ? 0 : compact ? 16 : 20,
        }}
      >
        <Brand iconOnly={condensed} inverted={dark} size={compact ? 'small' : 'default'} />
      </div>
      <ConfigProvider
        theme={compact ? { components: { Menu: { itemHeight: 36, fontSize: 14 } } } : undefined}
      >
        <Menu
          theme={settings.sidebarColor}
          mode="inline"
          inlineIndent={compact ? 16 : 24}
          selectedKeys={selected ? [selected] : []}
          items={buildMenuItems(sections, layout, t)}
          onClick={({ key }) => void navigate(key)}
          style={{ borderInlineEnd: 'none', paddingBottom: 16 }}
        />
      </ConfigProvider>
    </Layout.Sider>
  );
}
