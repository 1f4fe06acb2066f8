/**
 * A screen that refetches what it shows when told something changed, at most once per
 * `minGapMs`, as the web app's live screens do: pokes during a fetch or within the gap fold
 * into one more fetch afterwards.
 */
export class Screen {
  private running: Promise<void> | null = null;
  private again = false;
  private last = 0;
  private stopped = false;
  fetches = 0;

  constructor(
    private readonly fetch: () => Promise<void>,
    private readonly minGapMs: number,
  ) {}

  poke(): void {
    if (this.stopped) return;
    this.again = true;
    this.running ??= this.loop().finally(() => (this.running = null));
  }

  private async loop(): Promise<void> {
    while (this.again && !this.stopped) {
      const wait = this.last + this.minGapMs - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (this.stopped) return;
      this.again = false;
      this.last = Date.now();
      this.fetches++;
      // A failed fetch was recorded by the API client; the next poke tries again.
      await this.fetch().catch(() => undefined);
    }
  }

  /** No more fetches; resolves when the one under way (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}
