import type { Clock } from './clock.ts';

interface Held<T> {
  generation: number;
  takenAt: number;
  value: Promise<T>;
}

/** One key's answer: the last read started, whether it still runs, and the read queued behind it. */
interface Slot<T> {
  current: Held<T> | null;
  running: boolean;
  queued: Promise<T> | null;
}

/**
 * Answers read once per branch per change and shared by every reader after it: when a call
 * makes 30 officer pages refetch at once, each answer with the same key is one read, not 30
 * (single flight: readers that come while it runs share it).
 *
 * `drop(branchId)` forgets everything held for the branch; a read that started before the drop
 * is never kept as current (a generation counts the drops). Whatever no drop announces is
 * bounded by `maxAgeMs`. A failed read is not kept: the next reader tries again. At most
 * `maxKeys` answers are held per branch (the oldest goes first).
 *
 * At most one read of a key runs at a time. Readers that come after a drop while an older read
 * still runs wait for one more read, started as soon as that one ends and shared by all of
 * them: it starts after their drop, so it sees their change. At the harvest peak changes come
 * faster than a busy server reads a branch's 500 open trucks; a read per change would queue
 * reads on the database faster than it answers them, and every call behind them would wait
 * longer and longer (the simulator's 1,000-truck day on a loaded machine: calls unanswered
 * after 10 s). One read running and one queued, whatever the rate of changes.
 */
export function createBranchMemo<T>(opts: { clock: Clock; maxAgeMs: number; maxKeys: number }) {
  const { clock, maxAgeMs, maxKeys } = opts;
  const held = new Map<number, Map<string, Slot<T>>>();
  const generations = new Map<number, number>();

  function start(branchId: number, slot: Slot<T>, read: () => Promise<T>): Promise<T> {
    const entry: Held<T> = {
      generation: generations.get(branchId) ?? 0,
      takenAt: clock.now().getTime(),
      value: read(),
    };
    slot.current = entry;
    slot.running = true;
    entry.value.then(
      () => {
        slot.running = false;
      },
      () => {
        slot.running = false;
        // A failed read is not kept: the next reader tries again.
        if (slot.current === entry) slot.current = null;
      },
    );
    return entry.value;
  }

  return {
    get(branchId: number, key: string, read: () => Promise<T>): Promise<T> {
      const generation = generations.get(branchId) ?? 0;
      const now = clock.now().getTime();
      let branch = held.get(branchId);
      if (!branch) held.set(branchId, (branch = new Map<string, Slot<T>>()));
      let slot = branch.get(key);
      if (!slot) {
        if (branch.size >= maxKeys) branch.delete(branch.keys().next().value!);
        slot = { current: null, running: false, queued: null };
        branch.set(key, slot);
      }
      const known = slot.current;
      if (known && known.generation === generation && now >= known.takenAt && now - known.takenAt < maxAgeMs)
        return known.value;
      if (slot.queued) return slot.queued;
      if (!slot.running) return start(branchId, slot, read);
      const running = slot.current!.value;
      const own = slot;
      const queued = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          own.queued = null;
          return start(branchId, own, read);
        });
      slot.queued = queued;
      return queued;
    },

    drop(branchId: number): void {
      generations.set(branchId, (generations.get(branchId) ?? 0) + 1);
      // Reads still running stay counted (one at a time); their answers are no longer current.
      for (const slot of held.get(branchId)?.values() ?? [])
        if (!slot.running && !slot.queued) slot.current = null;
    },
  };
}

export type BranchMemo<T> = ReturnType<typeof createBranchMemo<T>>;
