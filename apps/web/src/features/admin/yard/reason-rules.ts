import type { Reason } from '@truck-queue/shared/contracts/yard.contract';
import type { ReasonKind } from '@truck-queue/shared/queue/yard-rules';
import { sameName } from '../catalog/catalog-rules.ts';

/** A reason's name and sort number as the server keeps them (yard.contract.ts saveReason). */
export const REASON_NAME_MAX = 60;
export const SORT_MAX = 999;
/** New reasons go this far below the last one, leaving room to slot one in between. */
export const SORT_STEP = 10;

/** One kind's reasons as the admin's list shows them: in use first, each part in the officers' order. */
export function reasonsOfKind(reasons: readonly Reason[], kind: ReasonKind): Reason[] {
  return reasons
    .filter((reason) => reason.kind === kind)
    .sort(
      (a, b) => Number(b.active) - Number(a.active) || a.sort - b.sort || a.name.localeCompare(b.name, 'th'),
    );
}

/** The sort number a new reason of the kind gets: after the last one. */
export function nextSort(reasons: readonly Reason[], kind: ReasonKind): number {
  const sorts = reasons.filter((reason) => reason.kind === kind).map((reason) => reason.sort);
  return sorts.length === 0 ? SORT_STEP : Math.min(SORT_MAX, Math.max(...sorts) + SORT_STEP);
}

/** Whether another reason of the kind (retired ones too) already has this name. */
export function reasonNameTaken(
  reasons: readonly Reason[],
  kind: ReasonKind,
  name: string,
  exceptId: number | undefined,
): boolean {
  return reasons.some(
    (reason) => reason.kind === kind && reason.id !== exceptId && sameName(reason.name, name),
  );
}
