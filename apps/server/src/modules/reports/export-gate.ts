import { AppError } from '../../lib/app-error.ts';

/**
 * How many Excel exports this process makes at once, how many more may wait for a turn, and for
 * how long. An export of 100,000 rows holds about 450 MB while it is made (the rows, their copy
 * in the writer's thread, ExcelJS's own), so two at a time keep the worst case under a gigabyte;
 * a wait is short enough for a browser and a proxy to keep the request open.
 */
export const EXPORT_LIMITS = {
  running: 2,
  waiting: 6,
  waitMs: 30_000,
  /** Sent as Retry-After with a refusal: about what a large export takes. */
  retryAfterSeconds: 10,
};

export type ExportLimits = typeof EXPORT_LIMITS;

/**
 * Lets an export run only when its officer has no other one under way and a slot is free;
 * otherwise it waits its turn (first come, first served) or is refused with EXPORT_BUSY.
 */
export function createExportGate(limits: ExportLimits = EXPORT_LIMITS) {
  const officers = new Set<number>();
  const waiting: (() => void)[] = [];
  let running = 0;

  const busy = (message: string) =>
    new AppError('EXPORT_BUSY', message, undefined, { retryAfterSeconds: limits.retryAfterSeconds });

  /** Resolves once a slot is this caller's. */
  function take(): Promise<void> {
    if (running < limits.running) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= limits.waiting) {
      return Promise.reject(busy('Too many exports are being made right now. Try again in a few seconds.'));
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        running++;
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(busy('The exports ahead of this one took too long. Try again in a few seconds.'));
      }, limits.waitMs);
      // A waiting export must not keep a closing server alive.
      timer.unref();
      waiting.push(start);
    });
  }

  function release(): void {
    running--;
    waiting.shift()?.();
  }

  return {
    /** Runs `work` (the whole export: query, workbook, storage) under both limits. */
    async run<T>(officerId: number, work: () => Promise<T>): Promise<T> {
      // Per officer, not per session: signing in several times must not take every place.
      if (officers.has(officerId)) {
        throw busy('You are already making an export. Wait until it is ready.');
      }
      officers.add(officerId);
      try {
        await take();
        try {
          return await work();
        } finally {
          release();
        }
      } finally {
        officers.delete(officerId);
      }
    },

    /** Exports being made and waiting, for tests and diagnostics. */
    load: () => ({ running, waiting: waiting.length }),
  };
}

export type ExportGate = ReturnType<typeof createExportGate>;
