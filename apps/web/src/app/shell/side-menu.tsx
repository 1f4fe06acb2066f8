import { useEffect, useRef, type RefObject } from 'react';
import { ConfigProvider, Drawer, Layout, Menu, theme } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@truck-queue/shared/roles';
import { Brand } from '../../components/brand.tsx';
import { buildMenuItems, selectedMenuKey, visibleSections, type MenuLayout } from './menu-items.tsx';
import { useLayoutSettings } from '../../lib/layout-settings-context.tsx';
import { useMenuBadges } from './use-menu-badges.ts';

export const SIDER_WIDTH = { default: 264, compact: 224, condensed: 72 } as const;
export const HEADER_HEIGHT = 64;
/** The phone's menu drawer: the default sidebar's width, never wider than most of the screen. */
const DRAWER_WIDTH = `min(${SIDER_WIDTH.default}px, 85vw)`;

/**
 * SPEC.md section 9: when the active item lies below what the menu shows (a page opened
 * directly, a short window), the menu scrolls to put it this far below its top.
 */
export const MENU_SCROLL_OFFSET = 300;

/**
 * Scrolls `box` so that its active item shows: left alone when it already does; else the item
 * goes MENU_SCROLL_OFFSET px below the box's top (less in a box too short for that).
 */
function useActiveItemInView(box: RefObject<HTMLElement | null>, selected: string | undefined): void {
  useEffect(() => {
    const container = box.current;
    const item = container?.querySelector<HTMLElement>('.ant-menu-item-selected');
    if (!container || !item) return;
    const area = container.getBoundingClientRect();
    const shown = item.getBoundingClientRect();
    const bottom = Math.min(area.bottom, window.innerHeight);
    if (shown.top >= area.top && shown.bottom <= bottom) return;
    const offset = Math.max(0, Math.min(MENU_SCROLL_OFFSET, bottom - area.top - shown.height));
    container.scrollBy({ top: shown.top - area.top - offset });
  }, [box, selected]);
}

/** The product mark and the menu the officer may use, scrolling on its own; the active item kept in view. */
function NavMenu({
  permissions,
  condensed = false,
  onNavigate,
}: {
  permissions: readonly Permission[];
  condensed?: boolean;
  /** After an item was chosen (the phone's drawer closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { settings } = useLayoutSettings();
  const dark = settings.sidebarColor === 'dark';
  const compact = settings.sidebarType === 'compact';
  const sections = visibleSections(permissions);
  const layout: MenuLayout = condensed ? 'side-condensed' : 'side';
  const selected = selectedMenuKey(pathname, sections);
  const box = useRef<HTMLDivElement>(null);
  useActiveItemInView(box, selected);
  const badges = useMenuBadges();

  return (
    <div
      ref={box}
      className={compact ? 'tq-sider tq-sider-compact' : 'tq-sider'}
      data-testid="side-menu"
      style={{ height: '100%', overflowY: 'auto' }}
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
          items={buildMenuItems(sections, layout, t, badges)}
          onClick={({ key }) => {
            onNavigate?.();
            void navigate(key);
          }}
          style={{ borderInlineEnd: 'none', paddingBottom: 16 }}
        />
      </ConfigProvider>
    </div>
  );
}

/** The vertical layout's sidebar (not on a phone: MenuDrawer there). */
export function SideMenu({ permissions }: { permissions: readonly Permission[] }) {
  const { settings, condensed, setCondensed } = useLayoutSettings();
  const { token } = theme.useToken();
  const dark = settings.sidebarColor === 'dark';
  const compact = settings.sidebarType === 'compact';
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
      style={{
        position: sticky ? 'sticky' : 'relative',
        top: 0,
        height: sticky ? '100vh' : undefined,
        borderInlineEnd: dark ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <NavMenu permissions={permissions} condensed={condensed} />
    </Layout.Sider>
  );
}

/** On a phone: the whole menu in a drawer from the left, opened by the top bar's menu button. */
export function MenuDrawer({
  permissions,
  open,
  onClose,
}: {
  permissions: readonly Permission[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { settings } = useLayoutSettings();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  // Back (or any other way to a new page) closes it too.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current !== pathname) onClose();
    shownAt.current = pathname;
  }, [pathname, onClose]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      closable={false}
      title={null}
      size={DRAWER_WIDTH}
      aria-label={t('shell.menu')}
      styles={{
        body: {
          padding: 0,
          background: settings.sidebarColor === 'dark' ? '#001529' : token.colorBgContainer,
        },
      }}
    >
      <NavMenu permissions={permissions} onNavigate={onClose} />
    </Drawer>
  );
}
