/**
 * At most one `emit` per branch every `paceMs`: the first ask after a quiet spell emits at once,
 * asks during the pause gather into one emit at its end. The timers are cleared by `stop` (and
 * never hold the process open), so a closing server leaves nothing waiting. The branches page's
 * hints (broadcasts.ts, BRANCHES_PACE_MS).
 */
export function createBranchPacer(
  paceMs: number,
  emit: (branchId: number) => void,
  /** Milliseconds of a monotonic clock: performance.now() unless a test gives its own. */
  now: () => number = () => performance.now(),
) {
  const last = new Map<number, number>();
  const waiting = new Map<number, ReturnType<typeof setTimeout>>();
  const send = (branchId: number) => {
    last.set(branchId, now());
    emit(branchId);
  };
  return {
    ask(branchId: number): void {
      if (waiting.has(branchId)) return;
      const early = (last.get(branchId) ?? -Infinity) + paceMs - now();
      if (early <= 0) {
        send(branchId);
        return;
      }
      const timer = setTimeout(() => {
        waiting.delete(branchId);
        send(branchId);
      }, early);
      timer.unref();
      waiting.set(branchId, timer);
    },
    stop(): void {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
