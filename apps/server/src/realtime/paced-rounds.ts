/**
 * The pushes' rounds (calling-push.ts, public-push.ts): for each branch one round at a time,
 * what is asked meanwhile gathered into the next one, and `paceMs` at least between two rounds.
 *
 * A quiet plant's change is pushed at once: its round starts when asked. At the harvest peak a
 * branch changes some thirty times a second; each round reads the branch's open queues once
 * (two thousand rows) and sends every screen its part, so unpaced rounds ran back to back and
 * took the database and the event loop from the officers' own calls. Paced, a screen is at most
 * `paceMs` and a round behind, and a round's cost is paid a few times a second whatever the rate of change.
 */
/** Least time between two rounds of a branch's pushes; the first after a quiet spell goes at once. */
export const PUSH_PACE_MS = 250;

export function createPacedRounds<W>(options: {
  paceMs: number;
  /** What a new round starts with. */
  empty: () => W;
  /** Runs a round of the branch's gathered work. */
  run: (branchId: number, work: W) => Promise<void>;
  /** A round that failed: the next one runs anyway. */
  failed: (branchId: number, error: unknown) => void;
}) {
  const pending = new Map<number, W>();
  const running = new Map<number, Promise<void>>();

  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function drain(branchId: number): Promise<void> {
    let ended = -Infinity;
    while (pending.has(branchId)) {
      const early = ended + options.paceMs - performance.now();
      if (early > 0) await wait(early);
      const work = pending.get(branchId)!;
      pending.delete(branchId);
      try {
        await options.run(branchId, work);
      } catch (error) {
        options.failed(branchId, error);
      }
      ended = performance.now();
    }
  }

  function start(branchId: number): void {
    const run = drain(branchId).finally(() => {
      running.delete(branchId);
      // Asked between the last round's end and now (the drain had found nothing left): its
      // work would otherwise wait for the branch's next change.
      if (pending.has(branchId)) start(branchId);
    });
    running.set(branchId, run);
  }

  return {
    /** Adds to the branch's next round (`add` fills it in); starts it now if none is running. */
    ask(branchId: number, add: (work: W) => void): void {
      let work = pending.get(branchId);
      if (!work) {
        work = options.empty();
        pending.set(branchId, work);
      }
      add(work);
      if (!running.has(branchId)) start(branchId);
    },
    /** Resolves once no round is running or waiting (tests wait on it instead of on time). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
