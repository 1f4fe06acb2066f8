import type { ReactNode } from 'react';
import { Badge, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import {
  AimOutlined,
  AlertOutlined,
  ApartmentOutlined,
  FileDoneOutlined,
  ApiOutlined,
  AuditOutlined,
  CalendarOutlined,
  BarChartOutlined,
  BellOutlined,
  ControlOutlined,
  DashboardOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  ExportOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  InboxOutlined,
  LogoutOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PieChartOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  SoundOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  EnvironmentOutlined,
  ExclamationCircleOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  HourglassOutlined,
  TrophyOutlined,
  ShopOutlined,
  ScheduleOutlined,
  FundOutlined,
} from '@ant-design/icons';
import { ROUTE_PERMISSIONS, type Permission, type ProtectedRoute } from '@truck-queue/shared/roles';
import type { PageTitleKey } from '../protected-pages.ts';
import { LOGOUT_PATH } from '../../lib/paths.ts';

type SectionKey = 'main' | 'report' | 'management' | 'security' | 'controller' | 'dataManagement' | 'setting';

interface MenuLink {
  /** Where the item goes; also its menu key. */
  path: string;
  /** The route pattern whose permission (roles.ts) decides whether the item shows. */
  route: ProtectedRoute;
  label: PageTitleKey;
  icon: ReactNode;
}

interface MenuSection {
  key: SectionKey;
  icon: ReactNode;
  items: MenuLink[];
}

/** The side menu of SPEC.md section 6, in its order. */
const MENU: MenuSection[] = [
  {
    key: 'main',
    icon: <PieChartOutlined />,
    items: [
      {
        path: '/System/dashboard',
        route: '/System/dashboard',
        label: 'pages.dashboard',
        icon: <PieChartOutlined />,
      },
      {
        path: '/System/alerts',
        route: '/System/alerts',
        label: 'pages.alerts',
        icon: <AlertOutlined />,
      },
      {
        path: '/System/branches',
        route: '/System/branches',
        label: 'pages.branches',
        icon: <ApartmentOutlined />,
      },
    ],
  },
  {
    key: 'report',
    icon: <FileSearchOutlined />,
    items: [
      {
        path: '/Report/inoutTransaction',
        route: '/Report/inoutTransaction',
        label: 'pages.inoutTransaction',
        icon: <SwapOutlined />,
      },
      {
        path: '/Report/summary',
        route: '/Report/summary',
        label: 'pages.summary',
        icon: <BarChartOutlined />,
      },
      {
        path: '/Report/goodsReceipts',
        route: '/Report/goodsReceipts',
        label: 'pages.goodsReceipts',
        icon: <FileDoneOutlined />,
      },
      {
        path: '/Report/lineOrder',
        route: '/Report/lineOrder',
        label: 'pages.lineOrder',
        icon: <FieldTimeOutlined />,
      },
      {
        path: '/Report/timeBreakdown',
        route: '/Report/timeBreakdown',
        label: 'pages.timeBreakdown',
        icon: <HourglassOutlined />,
      },
      {
        path: '/Report/scorecards',
        route: '/Report/scorecards',
        label: 'pages.scorecards',
        icon: <TrophyOutlined />,
      },
      {
        path: '/Report/waitAccuracy',
        route: '/Report/waitAccuracy',
        label: 'pages.waitAccuracy',
        icon: <AimOutlined />,
      },
    ],
  },
  {
    key: 'management',
    icon: <ProfileOutlined />,
    items: [
      {
        path: '/System/manageCalling/1',
        route: '/System/manageCalling/:findDayKey',
        label: 'pages.manageCallingToday',
        icon: <SoundOutlined />,
      },
      {
        path: '/System/manageCalling/3',
        route: '/System/manageCalling/:findDayKey',
        label: 'pages.manageCallingLast3Days',
        icon: <HistoryOutlined />,
      },
      {
        path: '/System/manageResultLab',
        route: '/System/manageResultLab',
        label: 'pages.manageResultLab',
        icon: <ExperimentOutlined />,
      },
      {
        path: '/System/weighing',
        route: '/System/weighing',
        label: 'pages.weighing',
        icon: <DashboardOutlined />,
      },
    ],
  },
  {
    key: 'security',
    icon: <SafetyOutlined />,
    items: [
      {
        path: '/System/exitFactory',
        route: '/System/exitFactory',
        label: 'pages.exitFactory',
        icon: <ExportOutlined />,
      },
    ],
  },
  {
    key: 'controller',
    icon: <ToolOutlined />,
    items: [
      {
        path: '/System/calling',
        route: '/System/calling',
        label: 'pages.calling',
        icon: <NotificationOutlined />,
      },
      {
        path: '/System/display',
        route: '/System/display',
        label: 'pages.display',
        icon: <DesktopOutlined />,
      },
      {
        path: '/System/printing',
        route: '/System/printing',
        label: 'pages.printing',
        icon: <PrinterOutlined />,
      },
      {
        path: '/System/weighbridge',
        route: '/System/weighbridge',
        label: 'pages.weighbridge',
        icon: <ControlOutlined />,
      },
    ],
  },
  {
    key: 'dataManagement',
    icon: <DatabaseOutlined />,
    items: [
      {
        path: '/System/defineQueue',
        route: '/System/defineQueue',
        label: 'pages.defineQueue',
        icon: <OrderedListOutlined />,
      },
      {
        path: '/System/station',
        route: '/System/station',
        label: 'pages.station',
        icon: <EnvironmentOutlined />,
      },
      { path: '/System/product', route: '/System/product', label: 'pages.product', icon: <InboxOutlined /> },
      {
        path: '/System/suppliers',
        route: '/System/suppliers',
        label: 'pages.suppliers',
        icon: <ShopOutlined />,
      },
      {
        path: '/System/seasons',
        route: '/System/seasons',
        label: 'pages.seasons',
        icon: <FundOutlined />,
      },
      {
        path: '/System/bookings',
        route: '/System/bookings',
        label: 'pages.bookings',
        icon: <CalendarOutlined />,
      },
      {
        path: '/System/bookingPlan',
        route: '/System/bookingPlan',
        label: 'pages.bookingPlan',
        icon: <ScheduleOutlined />,
      },
      {
        path: '/System/yardRules',
        route: '/System/yardRules',
        label: 'pages.yardRules',
        icon: <AuditOutlined />,
      },
      {
        path: '/System/disputes',
        route: '/System/disputes',
        label: 'pages.disputes',
        icon: <ExclamationCircleOutlined />,
      },
    ],
  },
  {
    key: 'setting',
    icon: <SettingOutlined />,
    items: [
      {
        path: '/System/manageUser',
        route: '/System/manageUser',
        label: 'pages.manageUser',
        icon: <TeamOutlined />,
      },
      {
        path: '/System/notifications',
        route: '/System/notifications',
        label: 'pages.notifications',
        icon: <BellOutlined />,
      },
      {
        path: '/System/integrations',
        route: '/System/integrations',
        label: 'pages.integrations',
        icon: <ApiOutlined />,
      },
    ],
  },
];

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Sections with the items the officer may use; a section left empty is dropped. */
export function visibleSections(permissions: readonly Permission[]): MenuSection[] {
  const granted = new Set(permissions);
  return MENU.map((section) => ({
    ...section,
    items: section.items.filter((item) => granted.has(ROUTE_PERMISSIONS[item.route])),
  })).filter((section) => section.items.length > 0);
}

/** Counts that wait for the officer, by menu path (open disputes): a badge on the item, none at 0. */
export type MenuBadges = Partial<Record<string, number>>;

function linkItem(link: MenuLink, t: TFunction, badges: MenuBadges, condensed: boolean): MenuItem {
  const count = badges[link.path] ?? 0;
  if (count <= 0) return { key: link.path, icon: link.icon, label: t(link.label) };
  const badge = t('menu.waiting', { count });
  // Condensed, the label is a tooltip: the icon carries a dot, the tooltip the count.
  if (condensed)
    return {
      key: link.path,
      icon: (
        <Badge dot offset={[-2, 2]} data-testid={`menu-badge-${link.route}`}>
          {link.icon}
        </Badge>
      ),
      label: `${t(link.label)} (${badge})`,
    };
  return {
    key: link.path,
    icon: link.icon,
    label: (
      <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {t(link.label)}
        </span>
        <Badge count={count} overflowCount={99} title={badge} data-testid={`menu-badge-${link.route}`} />
      </span>
    ),
  };
}

export type MenuLayout = 'side' | 'side-condensed' | 'top';

/**
 * antd Menu items for the sections. Side menu: titled groups (dividers when condensed, where
 * group titles would be cut off). Top menu: the dashboard, then one drop-down per section.
 */
export function buildMenuItems(
  sections: MenuSection[],
  layout: MenuLayout,
  t: TFunction,
  badges: MenuBadges = {},
): MenuItem[] {
  const items: MenuItem[] = [];
  for (const section of sections) {
    const children = section.items.map((link) => linkItem(link, t, badges, layout === 'side-condensed'));
    const label = t(`menu.sections.${section.key}`);
    if (layout === 'top') {
      if (section.key === 'main') items.push(...children);
      else items.push({ key: `section:${section.key}`, icon: section.icon, label, children });
    } else if (layout === 'side-condensed') {
      if (items.length > 0) items.push({ type: 'divider', key: `divider:${section.key}` });
      items.push(...children);
    } else {
      items.push({ type: 'group', key: `section:${section.key}`, label, children });
    }
  }
  if (layout !== 'top') {
    items.push({ type: 'divider', key: 'divider:logout' });
    items.push({ key: LOGOUT_PATH, icon: <LogoutOutlined />, label: t('menu.logout') });
  }
  return items;
}

/** The menu key to highlight for a location: the item whose path is the location. */
export function selectedMenuKey(pathname: string, sections: MenuSection[]): string | undefined {
  const lower = pathname.toLowerCase().replace(/\/+$/, '');
  for (const section of sections) {
    for (const item of section.items) if (item.path.toLowerCase() === lower) return item.path;
  }
  return undefined;
}
