import type { TFunction } from 'i18next';
import type { ConflictReason } from '@truck-queue/shared/contracts/api';

/**
 * What the weighbridge clerk reads under a refusal, beside the reason itself: weighed in
 * already (most often the truck is leaving and the clerk meant weigh-out), or a truck whose
 * flow is not weighed (a general-flow visitor: it leaves through the gate, nothing is owed here).
 */
export function weighingRefusalHint(t: TFunction, reason: ConflictReason): string | undefined {
  if (reason === 'ALREADY_WEIGHED_IN') return t('weighing.useWeighOut');
  if (reason === 'FLOW_NOT_WEIGHED') return t('weighing.flowNotWeighed');
  return undefined;
}
