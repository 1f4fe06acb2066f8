import { usePendingDisputes } from '../../features/admin/disputes/use-disputes.ts';
import { useOpenAlerts } from '../../features/alerts/api/use-alerts.ts';
import type { MenuBadges } from './menu-items.tsx';

/**
 * What waits for the officer, on the menu's items: the open disputes, for those who answer them,
 * and the alerts no one has acknowledged.
 */
export function useMenuBadges(): MenuBadges {
  const disputes = usePendingDisputes();
  const alerts = useOpenAlerts().data?.unacknowledged;
  return {
    ...(disputes ? { '/System/disputes': disputes } : {}),
    ...(alerts ? { '/System/alerts': alerts } : {}),
  };
}
