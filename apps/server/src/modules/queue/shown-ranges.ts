import type { CallRange } from '@truck-queue/shared/queue/line-forecast';
import {
  calibrationOf,
  type Calibration,
  type CalibrationSample,
} from '@truck-queue/shared/queue/range-calibration';
import { HISTORY_SAMPLES } from './line-inputs.ts';

/**
 * How the ranges read off the plays fared, by where the truck stood when read (issue 40): the
 * calibration of a range read before the lab is not that of one read with the result out, nor of
 * one read at the issue (the only one stored: eta_readings). Each read of a waiting truck's
 * range (its page, a push, the cards) is seen here with the play's range before calibration and
 * the truck's stage; of a truck's reads in one stage, one is kept, chosen at random among them
 * (so every moment of the stage is as likely), and when the truck is called it becomes a sample
 * of its queue type and stage: the range, and the minutes it then waited. The latest
 * HISTORY_SAMPLES of each are kept, in memory: after a restart the stored readings at issue
 * (line-inputs.ts playedAt) calibrate every stage until enough calls came again.
 */

/** Calls held for each type and stage, and trucks whose reads wait for their call, at most. */
const MAX_WAITING_TRUCKS = 20_000;
/** A type and stage's calibration is made again after this many new calls. */
const RECALIBRATE_EVERY = 10;

/**
 * Where a truck stood, as keys its reads are calibrated by, most particular first: in a ruled
 * line its stage and its class (a class called first is called early, the others late), then its
 * stage alone, which serves while the class has too few calls. The reads at a truck's issue have
 * keys of their own (eta.service.ts, AT_ISSUE): its whole wait is ahead of them.
 */
export type StageKeys = readonly string[];

interface Kept {
  typeId: number;
  /** Per stage: the read kept, and how many reads of the stage were seen. */
  stages: Map<string, { at: number; range: CallRange; seen: number }>;
}

export function createShownRanges(options: { scale: number; random: () => number }) {
  const { scale, random } = options;
  /** By truck id, in the order first read (the oldest go first past MAX_WAITING_TRUCKS). */
  const waiting = new Map<number, Kept>();
  const samples = new Map<string, { list: CalibrationSample[]; fresh: number; made: Calibration | null }>();
  const keyOf = (typeId: number, stage: string) => `${typeId}:${stage}`;

  /** Keeps one read per truck and stage key: the n-th replaces the kept one with chance 1/n. */
  function keep(typeId: number, truckId: number, key: string, range: CallRange, at: number) {
    let kept = waiting.get(truckId);
    if (!kept || kept.typeId !== typeId) {
      waiting.delete(truckId);
      if (waiting.size >= MAX_WAITING_TRUCKS) waiting.delete(waiting.keys().next().value!);
      kept = { typeId, stages: new Map() };
      waiting.set(truckId, kept);
    }
    const held = kept.stages.get(key);
    if (!held) kept.stages.set(key, { at, range, seen: 1 });
    else {
      held.seen += 1;
      if (random() * held.seen < 1) {
        held.at = at;
        held.range = range;
      }
    }
  }

  /** The calibration of one type and stage key; null while too few of its trucks were called. */
  function calibrationOfKey(typeId: number, key: string): Calibration | null {
    const entry = samples.get(keyOf(typeId, key));
    if (!entry) return null;
    if (entry.fresh >= RECALIBRATE_EVERY || (entry.made === null && entry.fresh > 0)) {
      entry.made = calibrationOf(entry.list);
      entry.fresh = 0;
    }
    return entry.made;
  }

  return {
    /**
     * A read of a waiting truck's range (server clock, ms), before calibration, seen under each
     * of its stage's keys.
     */
    read(typeId: number, truckId: number, stage: StageKeys, range: CallRange, at: number) {
      for (const key of stage) keep(typeId, truckId, key, range, at);
    },

    /** The truck's first call (server clock, ms): its kept reads become samples. */
    called(truckId: number, at: number) {
      const kept = waiting.get(truckId);
      if (!kept) return;
      waiting.delete(truckId);
      for (const [stage, held] of kept.stages) {
        if (at < held.at) continue;
        const key = keyOf(kept.typeId, stage);
        let entry = samples.get(key);
        if (!entry) samples.set(key, (entry = { list: [], fresh: 0, made: null }));
        entry.list.push({ ...held.range, waited: ((at - held.at) / 60_000) * scale });
        if (entry.list.length > HISTORY_SAMPLES) entry.list.shift();
        entry.fresh += 1;
      }
    },

    /** A truck that will not be called from its line (rejected, voided, moved, gone). */
    gone(truckId: number) {
      waiting.delete(truckId);
    },

    /**
     * The type and stage's calibration: of its most particular key with enough calls; null while
     * none has.
     */
    calibration(typeId: number, stage: StageKeys): Calibration | null {
      for (const key of stage) {
        const made = calibrationOfKey(typeId, key);
        if (made) return made;
      }
      return null;
    },
  };
}

export type ShownRanges = ReturnType<typeof createShownRanges>;
