/**
 * Lets the simulator look at the whole yard at one moment: while held, no truck starts a new
 * change (a ticket, a call, a lab or weighbridge action, a finish, an exit); `hold` resolves
 * once the changes under way have been answered. The officers' screens still read; the clock
 * runs on, and trucks held catch up when released.
 *
 * Holds may overlap (the night's two looks at the yard come 70 simulated minutes apart, under
 * three real seconds at ×1440, and the first can still be waiting for a slow change): every
 * holder is told when the yard is still, and the yard moves again when the last has resumed.
 */
export class YardGate {
  private underWay = 0;
  private holders = 0;
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;
  private waitingForStill: (() => void)[] = [];

  /** Runs a change once the yard is not held. */
  async pass<T>(change: () => Promise<T>): Promise<T> {
    while (this.held) await this.held;
    this.underWay++;
    try {
      return await change();
    } finally {
      this.underWay--;
      if (this.underWay === 0) {
        const still = this.waitingForStill;
        this.waitingForStill = [];
        for (const resolve of still) resolve();
      }
    }
  }

  /** Stops new changes; resolves once the changes under way have been answered. */
  async hold(): Promise<void> {
    this.holders++;
    this.held ??= new Promise((resolve) => (this.release = resolve));
    if (this.underWay > 0) await new Promise<void>((resolve) => this.waitingForStill.push(resolve));
  }

  /** One holder is done: the yard moves again once every holder has resumed. */
  resume(): void {
    this.holders = Math.max(0, this.holders - 1);
    if (this.holders > 0) return;
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}
