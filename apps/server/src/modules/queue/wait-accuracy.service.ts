import { addDays } from '@truck-queue/shared/plant-day';
import {
  INSIDE_TARGET_SHARE,
  shownWaitFigures,
  type ShownWait,
  type ShownWaitFigures,
} from '@truck-queue/shared/queue/shown-wait-figures';
import type { WaitFigures, WaitType } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { WaitAccuracyRepository } from './wait-accuracy.repository.ts';

const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

function toWire(f: ShownWaitFigures): WaitFigures {
  return {
    readings: f.readings,
    not_called: f.notCalled,
    with_range: f.withRange,
    no_range: f.noRange,
    inside: f.inside,
    inside_share: f.insideShare,
    median_error_minutes: oneDecimal(f.medianErrorMin),
    median_wait_minutes: oneDecimal(f.medianWaitMin),
  };
}

/**
 * How often the expected wait shown to drivers held (issue 40, "Seen by the plant"): the
 * readings of the branch's tickets of the last N plant days (today included), per queue type
 * and plant day (the ticket's queue_date, as the reports count days), and the days together.
 */
export function createWaitAccuracyService(deps: { repo: WaitAccuracyRepository; days: PlantDays }) {
  const { repo } = deps;
  return {
    async report(auth: AuthContext, dayCount: number) {
      const { today } = await deps.days.calendar(auth.branchId);
      const days = Array.from({ length: dayCount }, (_, i) => addDays(today, i - dayCount + 1));
      const readings = await repo.readings(auth.branchId, days[0]!, today);
      const byType = new Map<number, Map<string, ShownWait[]>>();
      for (const r of readings) {
        let type = byType.get(r.branchQueueTypeId);
        if (!type) byType.set(r.branchQueueTypeId, (type = new Map<string, ShownWait[]>()));
        const day = type.get(r.day);
        if (day) day.push(r);
        else type.set(r.day, [r]);
      }
      const types = await repo.types(auth.branchId, [...byType.keys()]);
      return {
        days,
        target_inside_share: INSIDE_TARGET_SHARE,
        types: types.map((type): WaitType => {
          const ofDays = byType.get(type.id) ?? new Map<string, ShownWait[]>();
          return {
            branch_queue_type_id: type.id,
            queue_type_name: type.name,
            prefix: type.prefix,
            flow_engine_id: type.flowEngineId,
            days: days.map((day) => ({ day, ...toWire(shownWaitFigures(ofDays.get(day) ?? [])) })),
            total: toWire(shownWaitFigures([...ofDays.values()].flat())),
          };
        }),
      };
    },
  };
}

export type WaitAccuracyService = ReturnType<typeof createWaitAccuracyService>;
