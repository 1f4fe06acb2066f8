import * as contracts from '@truck-queue/shared/contracts/weighing-rules.contract';
import type { StoredTareRow, WeighingRules } from '@truck-queue/shared/contracts/weighing-rules.contract';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { storedTareExpires, storedTareValid } from '@truck-queue/shared/queue/weight-checks';
import type { RegisterCall } from '../../http/register-call.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { VehicleTare, VehicleTaresRepository } from './vehicle-tares.repository.ts';
import type { WeighingRulesService, WeighingSettings } from './weighing-rules.ts';

/** At most this many stored tares are listed (the office narrows by plate beyond). */
const LIST_LIMIT = 500;

const toWire = (s: WeighingSettings): WeighingRules => ({
  stored_tare_allowed: s.storedTareAllowed,
  stored_tare_days: s.storedTareDays,
  gross_limits: s.grossLimits,
});

/** The admins' weighing rules and the branch's stored tares (issue 42, part 5). */
export function registerWeighingRulesRoutes(
  register: RegisterCall,
  deps: { rules: WeighingRulesService; tares: VehicleTaresRepository; clock: Clock },
): void {
  const { rules, tares, clock } = deps;

  function tareRow(tare: VehicleTare, days: number): StoredTareRow {
    return {
      licence: tare.licence,
      kg: tare.kg,
      weighed_at: tare.weighedAt.toISOString(),
      expires_at: storedTareExpires(tare.weighedAt, days).toISOString(),
      valid: storedTareValid(tare.weighedAt, clock.now(), days),
      origin: tare.origin,
      queue_number: tare.queueNumber,
    };
  }

  register(contracts.weighingRules, async ({ auth }) => ({
    status: 1,
    rules: toWire(await rules.settings(auth.branchId)),
  }));

  register(contracts.saveWeighingRules, async ({ auth, body }) => ({
    status: 1,
    rules: toWire(
      await rules.save(auth.branchId, {
        storedTareAllowed: body.stored_tare_allowed,
        storedTareDays: body.stored_tare_days,
        grossLimits: body.gross_limits,
      }),
    ),
  }));

  register(contracts.storedTares, async ({ auth, body }) => {
    const [settings, list] = await Promise.all([
      rules.settings(auth.branchId),
      tares.list(auth.branchId, body.plate ? plateSearchKey(body.plate) : null, LIST_LIMIT),
    ]);
    return { status: 1, tares: list.map((t) => tareRow(t, settings.storedTareDays)) };
  });

  register(contracts.saveStoredTare, async ({ auth, body }) => {
    const plateKey = plateSearchKey(body.licence);
    await tares.keep({
      branchId: auth.branchId,
      plateKey,
      licence: body.licence,
      kg: body.kg,
      weighedAt: clock.now(),
      origin: 'officer',
      queueId: null,
      officerId: auth.officerId,
    });
    const [settings, kept] = await Promise.all([
      rules.settings(auth.branchId),
      tares.find(auth.branchId, plateKey),
    ]);
    return { status: 1, tare: tareRow(kept!, settings.storedTareDays) };
  });

  register(contracts.removeStoredTare, async ({ auth, body }) => {
    if (!(await tares.remove(auth.branchId, plateSearchKey(body.licence))))
      throw notFound(`The stored tare of ${body.licence}`);
    return { status: 1 };
  });
}
