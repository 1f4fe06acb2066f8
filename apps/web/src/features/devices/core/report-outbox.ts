/**
 * Reports a device sends over its socket (a display's `announced`): sent at once while the
 * socket is up; while it is down the last `keep` wait in memory (the oldest dropped) and go,
 * in order, on the next connect. Nothing is written to storage: a reload forgets them.
 */
export class ReportOutbox<T> {
  private waiting: T[] = [];

  constructor(private readonly keep = 20) {}

  /** Sends `report` now when `send` is given (the socket is up), otherwise keeps it. */
  send(report: T, send: ((report: T) => void) | null): void {
    if (send) return send(report);
    this.waiting.push(report);
    if (this.waiting.length > this.keep) this.waiting.splice(0, this.waiting.length - this.keep);
  }

  /** The socket is up again: sends what waited, oldest first. */
  flush(send: (report: T) => void): void {
    for (const report of this.waiting.splice(0)) send(report);
  }
}
