import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { displayBoard } from '@truck-queue/shared/contracts/device.contract';
import { queueInformation, type PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import type { ApiClient } from './api-client.ts';
import type { Ledger } from './ledger.ts';
import type { DeviceSetup } from './plant-setup.ts';
import { Screen } from './screen.ts';
import { counter, deviceSocket, publicSocket } from './sockets.ts';

/**
 * What hangs on the walls and sits in drivers' pockets: the TV displays (every `called` they
 * hear, the board refetched after each), the kiosk's socket, and drivers' phones on /public.
 */
export class DisplayWatch {
  readonly received: DeviceCall[] = [];
  readonly screen: Screen;

  constructor(
    readonly setup: DeviceSetup,
    readonly label: string,
    private readonly socket: Socket,
    api: ApiClient,
    ledger: Ledger,
  ) {
    this.screen = new Screen(async () => void (await api.call(displayBoard, {}, setup)), 2000);
    socket.on('called', (call: DeviceCall) => {
      this.received.push(call);
      this.screen.poke();
    });
    // Nothing about the devices changes during the day: the screen would reload and miss calls.
    socket.on('deviceChanged', () => ledger.error(`${label}: unexpected deviceChanged`));
    this.screen.poke();
  }

  async close(): Promise<void> {
    await this.screen.stop();
    this.socket.disconnect();
  }
}

export async function openDevices(
  api: ApiClient,
  ledger: Ledger,
  displays: DeviceSetup[],
  kiosk: DeviceSetup,
) {
  const connect = (setup: DeviceSetup, kind: 'display' | 'printer', label: string) =>
    deviceSocket(
      api.baseUrl,
      { apiKey: api.apiKey, kind, device_id: setup.deviceId, secret: setup.secret },
      label,
      ledger,
    );
  const watches: DisplayWatch[] = [];
  for (const [i, setup] of displays.entries()) {
    const label = `display ${i + 1}`;
    watches.push(new DisplayWatch(setup, label, await connect(setup, 'display', label), api, ledger));
  }
  const kioskSocket = await connect(kiosk, 'printer', 'kiosk');
  kioskSocket.on('deviceChanged', () => ledger.error('kiosk: unexpected deviceChanged'));
  return {
    displays: watches,
    async close() {
      await Promise.all(watches.map((w) => w.close()));
      kioskSocket.disconnect();
    },
  };
}

/** How long (real ms) a driver's page may take to hear that its truck left. */
const EXIT_HEARD_WITHIN_MS = 30_000;

/**
 * A driver's phone on his ticket's page. It refetches the ticket whenever it hears
 * `queueChanged`; a server that pushes the page instead (its ticket as `ticket`, its place in
 * the line as `line`) is followed too: the pushed ticket is what the page shows.
 */
export class DriverPage {
  readonly queueChanged: { count: number };
  private readonly pushed: { ticket: { count: number }; line: { count: number } };
  private last: PublicQueue | null = null;
  private readonly screen: Screen;
  /** When the page opened (real ms): how long a page that heard nothing was open. */
  private readonly openedAt = performance.now();
  /** Real ms the page was open, once closed. */
  openMs = 0;
  /** Whether the page heard, live, that its truck left: a pushed ticket or a refetch after a push. */
  heardExit = false;
  /** When (real ms) it heard that. */
  heardExitAt: number | null = null;
  /** What the page heard live, in order: the event, real ms after it opened, the state it said. */
  readonly heard: { event: string; ms: number; state: string | null }[] = [];
  private exitHeard!: () => void;
  private readonly exitSeen = new Promise<void>((resolve) => (this.exitHeard = resolve));

  private constructor(
    private readonly api: ApiClient,
    private readonly uuid: string,
    private readonly socket: Socket,
  ) {
    this.queueChanged = counter(socket, 'queueChanged');
    this.pushed = { ticket: counter(socket, 'ticket'), line: counter(socket, 'line') };
    this.screen = new Screen(() => this.load(), 1000);
    socket.on('queueChanged', () => {
      this.note('queueChanged', null);
      this.screen.poke();
    });
    socket.on('ticket', (queue: PublicQueue) => {
      this.note('ticket', queue.queue_state);
      this.show(queue, true);
    });
    socket.on('line', (place: { queue_state: string }) => this.note('line', place.queue_state));
  }

  private note(event: string, state: string | null): void {
    this.heard.push({ event, ms: performance.now() - this.openedAt, state });
  }

  /** Real ms since the page opened. */
  sinceOpen(at: number): number {
    return at - this.openedAt;
  }

  private show(queue: PublicQueue, live: boolean): void {
    this.last = queue;
    if (live && queue.exited && !this.heardExit) {
      this.heardExit = true;
      this.heardExitAt = performance.now();
      this.exitHeard();
    }
  }

  /** What the page heard live: every refetch signal and every push. */
  get events(): number {
    return this.queueChanged.count + this.pushed.ticket.count + this.pushed.line.count;
  }

  static async open(api: ApiClient, ledger: Ledger, uuid: string, label: string): Promise<DriverPage> {
    // The page listens before its socket connects (publicSocket).
    let page!: DriverPage;
    await publicSocket(
      api.baseUrl,
      uuid,
      label,
      ledger,
      (socket) => (page = new DriverPage(api, uuid, socket)),
    );
    await page.load(false);
    return page;
  }

  /** A fetch of the ticket; `live` when a push prompted it. */
  private async load(live = true): Promise<void> {
    this.show((await this.api.call(queueInformation, { queue_number_id: this.uuid }, null)).queue, live);
  }

  /**
   * The page after the truck left: what the driver sees last. It waits for the exit to reach the
   * page live (pushes are paced, and a loaded server sends them seconds late) but not forever:
   * a page that never hears it is what the check reports.
   */
  async close(): Promise<PublicQueue | null> {
    this.openMs = performance.now() - this.openedAt;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.exitSeen,
      new Promise((resolve) => (timer = setTimeout(resolve, EXIT_HEARD_WITHIN_MS))),
    ]);
    clearTimeout(timer);
    await this.screen.stop();
    await this.load(false);
    this.socket.disconnect();
    return this.last;
  }
}
