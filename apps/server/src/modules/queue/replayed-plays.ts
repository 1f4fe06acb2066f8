import type { CallRange } from '@truck-queue/shared/queue/line-forecast';
import type { CalibrationSample } from '@truck-queue/shared/queue/range-calibration';
import { HISTORY_DAYS, HISTORY_SAMPLES, type QueueTypeRef } from './line-inputs.ts';

/**
 * How a replay's plays fared, kept in memory (the live server reads its stored readings:
 * line-inputs.ts playedAt). The demo's readings are written only once its fortnight is read, and
 * the backtest writes none, so each hands its ETA service this instead: the plays' ranges it read
 * at the tickets' issue, and at a later moment only those whose truck was called by then, as
 * the live server would have had them.
 */
export function createReplayedPlays() {
  const byType = new Map<number, { readAt: number; calledAt: number; play: CallRange }[]>();
  return {
    /** A ticket's play read at its issue, and its first call (the truck's real wait). */
    add(typeId: number, readAt: Date, calledAt: Date, play: CallRange) {
      const list = byType.get(typeId) ?? [];
      list.push({ readAt: readAt.getTime(), calledAt: calledAt.getTime(), play });
      byType.set(typeId, list);
    },

    /** As line-inputs.ts playedAt: the latest HISTORY_SAMPLES calls by `at` of HISTORY_DAYS' readings. */
    playedAt: (type: QueueTypeRef, at: Date, scale: number): Promise<CalibrationSample[]> => {
      const now = at.getTime();
      const since = now - (HISTORY_DAYS * 86_400_000) / scale;
      const known = (byType.get(type.branchQueueTypeId) ?? [])
        .filter((r) => r.readAt > since && r.readAt <= now && r.calledAt <= now && r.calledAt >= r.readAt)
        .sort((a, b) => b.calledAt - a.calledAt)
        .slice(0, HISTORY_SAMPLES);
      return Promise.resolve(
        known.map((r) => ({ ...r.play, waited: ((r.calledAt - r.readAt) / 60_000) * scale })),
      );
    },
  };
}
