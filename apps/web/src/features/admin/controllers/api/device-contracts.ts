import { displayContracts, printerContracts } from '@truck-queue/shared/contracts/controller.contract';
import type { DeviceKind } from './query-keys.ts';

/** The calls both controllers share (same bodies and answers, paths under display/ or printer/). */
export function deviceContracts(kind: DeviceKind) {
  return kind === 'display' ? displayContracts : printerContracts;
}
