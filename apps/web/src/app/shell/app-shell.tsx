import { useState } from 'react';
import { Flex, Layout, Spin, theme } from 'antd';
import { Outlet, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTE_PERMISSIONS } from '@truck-queue/shared/roles';
import { useAccess } from '../../features/auth/api/use-access.ts';
import { useBranchRefresh } from '../../features/auth/use-branch-refresh.ts';
import { CalendarProvider } from '../../lib/calendar-context.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useQueueRefresh } from '../../lib/queue-refresh.ts';
import { ForbiddenPage } from '../forbidden-page.tsx';
import { useCurrentPage } from '../use-current-page.ts';
import { AppFooter } from '../../components/app-footer.tsx';
import { useLayoutSettings } from '../../lib/layout-settings-context.tsx';
import { SettingsDrawer } from './settings-drawer.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

const BOXED_MAX_WIDTH = 1320;

/**
 * The signed-in frame: side or top menu, top bar, page, footer. The route loader has
 * already checked the session; this only renders what the officer's permissions allow.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { data: access } = useAccess();
  const { settings } = useLayoutSettings();
  const { token } = theme.useToken();
  const navigation = useNavigation();
  const page = useCurrentPage();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const title = page ? t(page.titleKey) : undefined;
  useDocumentTitle(title);
  // The one live-update subscriber for every signed-in page (see lib/query-keys.ts).
  useQueueRefresh();
  // The branch's calendar and day start follow the Yard rules page at once.
  useBranchRefresh();

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

  return (
    <CalendarProvider calendar={officer.branch.calendar}>
      <div style={{ background: boxed ? token.colorFillSecondary : undefined, minHeight: '100vh' }}>
        <Layout
          style={{
            minHeight: '100vh',
            maxWidth: boxed ? BOXED_MAX_WIDTH : undefined,
            marginInline: 'auto',
            boxShadow: boxed ? token.boxShadowTertiary : undefined,
          }}
        >
          {vertical && <SideMenu permissions={permissions} />}
          <Layout style={{ minWidth: 0 }}>
            <TopBar
              title={title}
              fullName={`${officer.name} ${officer.lastname}`.trim()}
              branch={officer.branch}
              permissions={permissions}
              onOpenSettings={() => setSettingsOpen(true)}
            />
            <Layout.Content style={{ padding: 24 }}>
              <Spin spinning={navigation.state === 'loading'} delay={300}>
                {allowed ? <Outlet /> : <ForbiddenPage />}
              </Spin>
            </Layout.Content>
            <AppFooter />
          </Layout>
        </Layout>
        <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </div>
    </CalendarProvider>
  );
}
