import type { ApiContract } from '@truck-queue/shared/contracts/api';
import * as auth from '@truck-queue/shared/contracts/auth.contract';
import * as catalog from '@truck-queue/shared/contracts/catalog.contract';
import * as controller from '@truck-queue/shared/contracts/controller.contract';
import * as device from '@truck-queue/shared/contracts/device.contract';
import * as officer from '@truck-queue/shared/contracts/officer.contract';
import * as publicQueue from '@truck-queue/shared/contracts/public-queue.contract';
import * as queue from '@truck-queue/shared/contracts/queue.contract';
import * as report from '@truck-queue/shared/contracts/report.contract';
import * as stationWork from '@truck-queue/shared/contracts/station-work.contract';

function isContract(value: unknown): value is ApiContract {
  return (
    typeof value === 'object' && value !== null && 'path' in value && 'access' in value && 'body' in value
  );
}

/** Every contract the shared package exports, by path (`authen/signin`). */
export function contractsByPath(): Map<string, ApiContract> {
  const found = new Map<string, ApiContract>();
  const visit = (value: unknown) => {
    if (isContract(value)) found.set(value.path, value);
    else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) visit(v);
  };
  for (const module of [auth, catalog, controller, device, officer, publicQueue, queue, report, stationWork])
    visit(module);
  return found;
}
