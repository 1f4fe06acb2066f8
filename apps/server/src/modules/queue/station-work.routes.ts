import * as contracts from '@truck-queue/shared/contracts/station-work.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import { toExitRecord, toLabRecord, toWeighRecord } from './queue.views.ts';
import type { StationWorkService } from './station-work.service.ts';

export function registerStationWorkRoutes(register: RegisterCall, work: StationWorkService): void {
  register(contracts.labAccept, async ({ auth, body }) => ({
    status: 1,
    queue: toLabRecord(await work.labAccept(auth, body.queue_number)),
  }));

  register(contracts.labCompleted, async ({ auth, body }) => ({
    status: 1,
    queue: toLabRecord(await work.labComplete(auth, body.queue_number)),
  }));

  register(contracts.getAcceptToday, async ({ auth, body }) => ({
    status: 1,
    queue: (await work.labToday(auth, body.queue_number || undefined)).map(toLabRecord),
  }));

  register(contracts.exitFactory, async ({ auth, body }) => ({
    status: 1,
    queue: toExitRecord(await work.exit(auth, body.queue_number)),
  }));

  register(contracts.getExitToday, async ({ auth }) => ({
    status: 1,
    queue: (await work.exitsToday(auth)).map(toExitRecord),
  }));

  register(contracts.weighIn, async ({ auth, body }) => ({
    status: 1,
    queue: toWeighRecord(await work.weigh(auth, body.queue_number, 'in', body.weight)),
  }));

  register(contracts.weighOut, async ({ auth, body }) => ({
    status: 1,
    queue: toWeighRecord(await work.weigh(auth, body.queue_number, 'out', body.weight)),
  }));

  register(contracts.getWeighToday, async ({ auth }) => ({
    status: 1,
    queue: (await work.weighingsToday(auth)).map(toWeighRecord),
  }));
}
