/**
 * The bridge's log: plain lines for whoever looks at the weighbridge PC's console (or the
 * service's journal), never JSON. Tests pass their own to read what was said.
 */
export interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** Lines on stdout and stderr, each with the local time, as a plant's IT staff read them. */
export function consoleLog(): Log {
  const stamp = () => {
    const now = new Date();
    const offset = now.getTimezoneOffset() * 60_000;
    return new Date(now.getTime() - offset).toISOString().slice(0, 19).replace('T', ' ');
  };
  return {
    info: (message) => console.log(`${stamp()} ${message}`),
    warn: (message) => console.error(`${stamp()} ${message}`),
  };
}

/**
 * A failure that repeats (a cable left out overnight, a server down for an hour) is logged the
 * first time, then at most once every `everyMs` with how often it happened meanwhile, so the
 * log still shows the outage without a line per retry. A different message is logged at once.
 */
export function quietRepeats(
  write: (message: string) => void,
  everyMs = 60_000,
  now: () => number = Date.now,
): { say(message: string): void; reset(): void } {
  let last: string | null = null;
  let lastAt = 0;
  let skipped = 0;
  return {
    say(message) {
      const at = now();
      if (message === last && at - lastAt < everyMs) {
        skipped += 1;
        return;
      }
      const again =
        message === last && skipped > 0 ? ` (${skipped + 1} times since this was last logged)` : '';
      write(`${message}${again}`);
      last = message;
      lastAt = at;
      skipped = 0;
    },
    reset() {
      last = null;
      skipped = 0;
    },
  };
}
