import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { ProtectedRoute } from '@truck-queue/shared/roles';
import type th from '../locales/th.json';

export type PageTitleKey = `pages.${keyof (typeof th)['pages']}`;

interface ProtectedPage {
  title: (params: Params) => PageTitleKey;
  load: () => Promise<ComponentType>;
}

/**
 * Every protected route of roles.ts and the module that renders it. The `satisfies`
 * clause makes a route added to ROUTE_PERMISSIONS fail the build until it has a page here.
 */
export const PROTECTED_PAGES = {
  '/System/dashboard': {
    title: () => 'pages.dashboard',
    load: () => import('../features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
  },
  '/System/branches': {
    title: () => 'pages.branches',
    load: () => import('../features/branches/branches-page.tsx').then((m) => m.BranchesPage),
  },
  '/System/calling': {
    title: () => 'pages.calling',
    load: () => import('../features/admin/calling-controller-page.tsx').then((m) => m.CallingControllerPage),
  },
  '/System/display': {
    title: () => 'pages.display',
    load: () => import('../features/admin/display-controller-page.tsx').then((m) => m.DisplayControllerPage),
  },
  '/System/printing': {
    title: () => 'pages.printing',
    load: () =>
      import('../features/admin/printing-controller-page.tsx').then((m) => m.PrintingControllerPage),
  },
  '/System/weighbridge': {
    title: () => 'pages.weighbridge',
    load: () =>
      import('../features/admin/weighbridge-controller-page.tsx').then((m) => m.WeighbridgeControllerPage),
  },
  '/System/manageCalling/:findDayKey': {
    title: ({ findDayKey }) =>
      findDayKey === '3' ? 'pages.manageCallingLast3Days' : 'pages.manageCallingToday',
    load: () => import('../features/calling/manage-calling-page.tsx').then((m) => m.ManageCallingPage),
  },
  '/System/manageResultLab': {
    title: () => 'pages.manageResultLab',
    load: () => import('../features/lab/result-lab-page.tsx').then((m) => m.ResultLabPage),
  },
  '/System/weighing': {
    title: () => 'pages.weighing',
    load: () => import('../features/weighing/weighing-page.tsx').then((m) => m.WeighingPage),
  },
  '/System/exitFactory': {
    title: () => 'pages.exitFactory',
    load: () => import('../features/exit/exit-factory-page.tsx').then((m) => m.ExitFactoryPage),
  },
  '/System/defineQueue': {
    title: () => 'pages.defineQueue',
    load: () => import('../features/admin/define-queue-page.tsx').then((m) => m.DefineQueuePage),
  },
  '/System/reportQueue/:flowEngineUUID': {
    title: () => 'pages.reportQueue',
    load: () => import('../features/calling/report-queue-page.tsx').then((m) => m.ReportQueuePage),
  },
  '/System/station': {
    title: () => 'pages.station',
    load: () => import('../features/admin/station-page.tsx').then((m) => m.StationPage),
  },
  '/System/product': {
    title: () => 'pages.product',
    load: () => import('../features/admin/product-page.tsx').then((m) => m.ProductPage),
  },
  '/System/manageUser': {
    title: () => 'pages.manageUser',
    load: () => import('../features/admin/manage-user-page.tsx').then((m) => m.ManageUserPage),
  },
  '/System/yardRules': {
    title: () => 'pages.yardRules',
    load: () => import('../features/admin/yard-rules-page.tsx').then((m) => m.YardRulesPage),
  },
  '/System/alerts': {
    title: () => 'pages.alerts',
    load: () => import('../features/alerts/alerts-page.tsx').then((m) => m.AlertsPage),
  },
  '/System/disputes': {
    title: () => 'pages.disputes',
    load: () => import('../features/admin/disputes-page.tsx').then((m) => m.DisputesPage),
  },
  '/System/notifications': {
    title: () => 'pages.notifications',
    load: () => import('../features/admin/notifications-page.tsx').then((m) => m.NotificationsPage),
  },
  '/System/integrations': {
    title: () => 'pages.integrations',
    load: () =>
      import('../features/admin/integrations/integrations-page.tsx').then((m) => m.IntegrationsPage),
  },
  '/System/suppliers': {
    title: () => 'pages.suppliers',
    load: () => import('../features/suppliers/suppliers-page.tsx').then((m) => m.SuppliersPage),
  },
  '/System/seasons': {
    title: () => 'pages.seasons',
    load: () => import('../features/seasons/seasons-page.tsx').then((m) => m.SeasonsPage),
  },
  '/System/bookingPlan': {
    title: () => 'pages.bookingPlan',
    load: () => import('../features/bookings/booking-plan-page.tsx').then((m) => m.BookingPlanPage),
  },
  '/System/bookings': {
    title: () => 'pages.bookings',
    load: () => import('../features/bookings/bookings-page.tsx').then((m) => m.BookingsPage),
  },
  '/Report/inoutTransaction': {
    title: () => 'pages.inoutTransaction',
    load: () => import('../features/reports/inout-transaction-page.tsx').then((m) => m.InoutTransactionPage),
  },
  '/Report/summary': {
    title: () => 'pages.summary',
    load: () => import('../features/reports/summary-report-page.tsx').then((m) => m.SummaryReportPage),
  },
  '/Report/goodsReceipts': {
    title: () => 'pages.goodsReceipts',
    load: () =>
      import('../features/reports/goods-receipts/goods-receipts-page.tsx').then((m) => m.GoodsReceiptsPage),
  },
  '/Report/lineOrder': {
    title: () => 'pages.lineOrder',
    load: () => import('../features/reports/line-order-page.tsx').then((m) => m.LineOrderPage),
  },
  '/Report/timeBreakdown': {
    title: () => 'pages.timeBreakdown',
    load: () =>
      import('../features/reports/time-breakdown/time-breakdown-page.tsx').then((m) => m.TimeBreakdownPage),
  },
  '/Report/scorecards': {
    title: () => 'pages.scorecards',
    load: () => import('../features/reports/scorecards/scorecards-page.tsx').then((m) => m.ScorecardsPage),
  },
  '/Report/waitAccuracy': {
    title: () => 'pages.waitAccuracy',
    load: () =>
      import('../features/reports/wait-accuracy/wait-accuracy-page.tsx').then((m) => m.WaitAccuracyPage),
  },
} satisfies Record<ProtectedRoute, ProtectedPage>;

export const PROTECTED_ROUTES = Object.keys(PROTECTED_PAGES) as ProtectedRoute[];

/** Route `handle` of a protected page; the shell reads it for the title and the permission. */
export interface ProtectedPageHandle {
  route: ProtectedRoute;
}

export function isProtectedPageHandle(handle: unknown): handle is ProtectedPageHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'route' in handle &&
    typeof handle.route === 'string' &&
    handle.route in PROTECTED_PAGES
  );
}
