import { can } from '@truck-queue/shared/roles';
import { useAccess } from '../../auth/api/use-access.ts';
import { useYardRules } from '../api/use-yard-rules.ts';
import type { YardContext } from '../yard-actions.ts';

/**
 * What the yard's moves depend on besides the ticket: the branch's rules (loaded once a minute
 * at most) and whether the officer is an admin (only an admin voids a ticket).
 */
export function useYardContext() {
  const rules = useYardRules();
  const { data: access } = useAccess();
  const context: YardContext = {
    settings: rules.data?.settings,
    queueTypes: rules.data?.queue_types ?? [],
    isAdmin: can(access?.officer.roles, 'admin'),
  };
  return { context, reasons: rules.data?.reasons ?? [], rules };
}
