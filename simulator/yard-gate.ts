/**
 * Lets the simulator look at the whole yard at one moment: while held, no truck starts a new
 * change (a ticket, a call, a lab or weighbridge action, a finish, an exit); `hold` resolves
 * once the changes under way have been answered. The officers' screens still read; the clock
 * runs on, and trucks held catch up when released.
 */
export class YardGate {
  private underWay = 0;
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;
  private drained: (() => void) | null = null;

  /** Runs a change once the yard is not held. */
  async pass<T>(change: () => Promise<T>): Promise<T> {
    while (this.held) await this.held;
    this.underWay++;
    try {
      return await change();
    } finally {
      this.underWay--;
      if (this.underWay === 0) this.drained?.();
    }
  }

  /** Holds new changes; resolves when none is under way. */
  async hold(): Promise<void> {
    this.held ??= new Promise((resolve) => (this.release = resolve));
    if (this.underWay > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    this.drained = null;
  }

  resume(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}
