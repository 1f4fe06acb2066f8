export interface Throttled {
  /** Runs now if the last run is older than the wait, else once at the end of the wait. */
  call(): void;
  cancel(): void;
}

/**
 * At most one run of `fn` per `waitMs`: the first call runs at once, calls during the wait
 * collapse into one run when it ends (so the last change is never missed).
 */
export function throttle(fn: () => void, waitMs: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;

  const open = () => {
    timer = setTimeout(() => {
      timer = null;
      if (pending) {
        pending = false;
        fn();
        open();
      }
    }, waitMs);
  };

  return {
    call() {
      if (timer) {
        pending = true;
        return;
      }
      fn();
      open();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = false;
    },
  };
}
