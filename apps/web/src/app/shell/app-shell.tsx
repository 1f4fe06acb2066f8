import { useCallback, useEffect, useState } from 'react';
import { ConfigProvider, Flex, Layout, Spin, Typography, theme, type ThemeConfig } from 'antd';
import { Outlet, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTE_PERMISSIONS } from '@truck-queue/shared/roles';
import { useAccess } from '../../features/auth/api/use-access.ts';
import { useBranchRefresh } from '../../features/auth/use-branch-refresh.ts';
import { CalendarProvider } from '../../lib/calendar-context.tsx';
import { applyBranchLanguage } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useQueueRefresh } from '../../lib/queue-refresh.ts';
import { ForbiddenPage } from '../forbidden-page.tsx';
import { useCurrentPage } from '../use-current-page.ts';
import { AppFooter } from '../../components/app-footer.tsx';
import { useLayoutSettings } from '../../lib/layout-settings-context.tsx';
import { PHONE_TOUCH_PX, usePhone } from '../../lib/use-phone.ts';
import { SettingsDrawer } from './settings-drawer.tsx';
import { MenuDrawer, SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { AlertBanner } from '../../features/alerts/alert-banner.tsx';

const BOXED_MAX_WIDTH = 1320;

/**
 * On a phone every control is a touch target (buttons, fields and switches at least 44 px tall),
 * and cards keep their width for content rather than margins.
 */
const PHONE_THEME: ThemeConfig = {
  token: { controlHeight: PHONE_TOUCH_PX, controlHeightLG: PHONE_TOUCH_PX + 4 },
  components: {
    Card: { bodyPadding: 16, headerPadding: 16 },
    Pagination: { itemSize: PHONE_TOUCH_PX, itemSizeSM: PHONE_TOUCH_PX },
  },
};

/**
 * The signed-in frame: side or top menu, top bar, page, footer. The route loader has
 * already checked the session; this only renders what the officer's permissions allow.
 * On a phone (usePhone) it is laid out phone-first: no sidebar (the menu is a drawer behind
 * the top bar's button), the page's title heads the page in full, narrow margins and large
 * controls.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { data: access } = useAccess();
  const { settings } = useLayoutSettings();
  const { token } = theme.useToken();
  const navigation = useNavigation();
  const page = useCurrentPage();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const phone = usePhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const title = page ? t(page.titleKey) : undefined;
  useDocumentTitle(title);
  // The one live-update subscriber for every signed-in page (see lib/query-keys.ts).
  useQueueRefresh();
  // The branch's calendar and day start follow the Yard rules page at once.
  useBranchRefresh();
  // The branch's language, unless the officer chose one (issue 36); a switched branch's too.
  const branchLanguage = access?.officer.branch.language;
  useEffect(() => {
    if (branchLanguage !== undefined) applyBranchLanguage(branchLanguage);
  }, [branchLanguage]);

  if (!access) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const { officer, permissions } = access;
  const allowed = !page || permissions.includes(ROUTE_PERMISSIONS[page.route]);
  const boxed = settings.width === 'boxed';
  const vertical = settings.orientation === 'vertical';

  const frame = (
    <div style={{ background: boxed ? token.colorFillSecondary : undefined, minHeight: '100vh' }}>
      <Layout
        style={{
          minHeight: '100vh',
          maxWidth: boxed ? BOXED_MAX_WIDTH : undefined,
          marginInline: 'auto',
          boxShadow: boxed ? token.boxShadowTertiary : undefined,
        }}
      >
        {vertical && !phone && <SideMenu permissions={permissions} />}
        <Layout style={{ minWidth: 0 }}>
          <TopBar
            title={title}
            fullName={`${officer.name} ${officer.lastname}`.trim()}
            branch={officer.branch}
            permissions={permissions}
            onOpenSettings={() => setSettingsOpen(true)}
            phone={phone}
            onOpenMenu={() => setMenuOpen(true)}
          />
          <Layout.Content style={{ padding: phone ? 12 : 24 }}>
            {phone && title && (
              <Typography.Title
                level={4}
                data-testid="page-title"
                style={{ marginTop: 0, marginBottom: 12, overflowWrap: 'anywhere' }}
              >
                {title}
              </Typography.Title>
            )}
            <AlertBanner />
            <Spin spinning={navigation.state === 'loading'} delay={300}>
              {allowed ? <Outlet /> : <ForbiddenPage />}
            </Spin>
          </Layout.Content>
          <AppFooter />
        </Layout>
      </Layout>
      {phone && <MenuDrawer permissions={permissions} open={menuOpen} onClose={closeMenu} />}
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
  // Always the same tree, so that turning a phone sideways keeps what the page holds.
  return (
    <CalendarProvider calendar={officer.branch.calendar} allLanguages={officer.branch.calendar_all_languages}>
      <ConfigProvider theme={phone ? PHONE_THEME : undefined}>{frame}</ConfigProvider>
    </CalendarProvider>
  );
}
