import * as contracts from '@truck-queue/shared/contracts/station-work.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import { toExitRecord, toLabRecord, toWeighRecord } from './queue.views.ts';
import type { StationWorkService, TruckRef } from './station-work.service.ts';

/** The contract's one way of naming the truck, in the service's words. */
function refOf(
  body: { queue_number: string; uuid?: string | undefined } | { uuid: string } | { ticket_code: string },
): TruckRef {
  if ('ticket_code' in body) return { ticketCode: body.ticket_code };
  if ('queue_number' in body) return { queueNumber: body.queue_number, uuid: body.uuid };
  return { uuid: body.uuid };
}

export function registerStationWorkRoutes(register: RegisterCall, work: StationWorkService): void {
  register(contracts.labAccept, async ({ auth, body }) => ({
    status: 1,
    queue: toLabRecord(await work.labAccept(auth, refOf(body))),
  }));

  register(contracts.labCompleted, async ({ auth, body }) => {
    const done = await work.labComplete(auth, refOf(body), body.values);
    return { status: 1, queue: toLabRecord(done.queue, done.lab) };
  });

  register(contracts.labCorrect, async ({ auth, body }) => {
    const done = await work.labCorrect(auth, body.uuid, body.values, body.note);
    return { status: 1, queue: toLabRecord(done.queue, done.lab) };
  });

  register(contracts.getAcceptToday, async ({ auth, body }) => {
    const today = await work.labToday(auth, body.queue_number || undefined);
    return {
      status: 1,
      queue: today.samples.map((s) => toLabRecord(s.queue, s.lab)),
      lab_measures: today.measures,
    };
  });

  register(contracts.exitFactory, async ({ auth, body }) => ({
    status: 1,
    queue: toExitRecord(await work.exit(auth, refOf(body), body.confirm_unfinished)),
  }));

  register(contracts.getExitToday, async ({ auth }) => ({
    status: 1,
    queue: (await work.exitsToday(auth)).map(toExitRecord),
  }));

  register(contracts.weighIn, async ({ auth, body }) => ({
    status: 1,
    queue: toWeighRecord(
      await work.weigh(
        auth,
        refOf(body),
        'in',
        body.weight,
        body.reason,
        false,
        body.confirm_weight_warnings,
      ),
    ),
  }));

  register(contracts.weighOut, async ({ auth, body }) => ({
    status: 1,
    queue: toWeighRecord(
      await work.weigh(
        auth,
        refOf(body),
        'out',
        body.weight,
        body.reason,
        body.confirm_out_of_order,
        body.confirm_weight_warnings,
      ),
    ),
  }));

  register(contracts.getScales, async ({ auth }) => {
    const { scales, mayType } = await work.scales(auth);
    return { status: 1, scale: scales, may_type: mayType };
  });

  register(contracts.captureWeight, async ({ auth, body }) => ({
    status: 1,
    queue: toWeighRecord(
      await work.capture(
        auth,
        refOf(body),
        body.direction,
        body.scale_uuid,
        body.confirm_out_of_order,
        body.confirm_weight_warnings,
      ),
    ),
  }));

  register(contracts.storedTareOf, async ({ auth, body }) => {
    const { allowed, tare } = await work.storedTare(auth, body.uuid);
    return {
      status: 1,
      allowed,
      tare: tare && {
        kg: tare.kg,
        weighed_at: tare.weighedAt.toISOString(),
        expires_at: tare.expiresAt.toISOString(),
        valid: tare.valid,
      },
    };
  });

  register(contracts.finishOnStoredTare, async ({ auth, body }) => ({
    status: 1,
    queue: toWeighRecord(await work.finishOnStoredTare(auth, refOf(body), body.confirm_weight_warnings)),
  }));

  register(contracts.getWeighToday, async ({ auth }) => ({
    status: 1,
    queue: (await work.weighingsToday(auth)).map(toWeighRecord),
  }));
}
