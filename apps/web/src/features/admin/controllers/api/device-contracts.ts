import {
  displayContracts,
  printerContracts,
  readerContracts,
  scaleContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import type { DeviceKind } from './query-keys.ts';

/** The calls every device controller shares: register and cancel (paths under display/, printer/ or weighbridge/). */
export function deviceContracts(kind: DeviceKind) {
  return {
    display: displayContracts,
    printer: printerContracts,
    scale: scaleContracts,
    reader: readerContracts,
  }[kind];
}

/** The calls of the controllers whose devices serve queue types (displays and kiosks; scales serve a station). */
export function queueTypeContracts(kind: Exclude<DeviceKind, 'scale' | 'reader'>) {
  return kind === 'display' ? displayContracts : printerContracts;
}
