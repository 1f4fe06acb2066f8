import { usePendingDisputes } from '../../features/admin/disputes/use-disputes.ts';
import type { MenuBadges } from './menu-items.tsx';

/** What waits for the officer, on the menu's items: the open disputes, for those who answer them. */
export function useMenuBadges(): MenuBadges {
  const disputes = usePendingDisputes();
  return disputes ? { '/System/disputes': disputes } : {};
}
