import type { Clock } from './clock.ts';

interface Held<T> {
  generation: number;
  takenAt: number;
  value: Promise<T>;
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
 */
export function createBranchMemo<T>(opts: { clock: Clock; maxAgeMs: number; maxKeys: number }) {
  const { clock, maxAgeMs, maxKeys } = opts;
  const held = new Map<number, Map<string, Held<T>>>();
  const generations = new Map<number, number>();

  return {
    get(branchId: number, key: string, read: () => Promise<T>): Promise<T> {
      const generation = generations.get(branchId) ?? 0;
      const now = clock.now().getTime();
      let branch = held.get(branchId);
      const known = branch?.get(key);
      if (known && known.generation === generation && now >= known.takenAt && now - known.takenAt < maxAgeMs)
        return known.value;
      if (!branch) held.set(branchId, (branch = new Map<string, Held<T>>()));
      branch.delete(key);
      if (branch.size >= maxKeys) branch.delete(branch.keys().next().value!);
      const entry: Held<T> = { generation, takenAt: now, value: read() };
      branch.set(key, entry);
      entry.value.catch(() => {
        if (held.get(branchId)?.get(key) === entry) held.get(branchId)!.delete(key);
      });
      return entry.value;
    },

    drop(branchId: number): void {
      generations.set(branchId, (generations.get(branchId) ?? 0) + 1);
      held.delete(branchId);
    },
  };
}

export type BranchMemo<T> = ReturnType<typeof createBranchMemo<T>>;
