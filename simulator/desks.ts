import type { Socket } from 'socket.io-client';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import { getCardInProcess, getQueueByFlow } from '@truck-queue/shared/contracts/queue.contract';
import { periodDashboardByQueueType } from '@truck-queue/shared/contracts/report.contract';
import { addDays } from '@truck-queue/shared/plant-day';
import {
  getAcceptToday,
  getExitToday,
  getWeighToday,
} from '@truck-queue/shared/contracts/station-work.contract';
import type { ApiClient } from './api-client.ts';
import type { Ledger } from './ledger.ts';
import type { PlantCalendar } from './plant-day.ts';
import type { Officer, Plant } from './plant-setup.ts';
import { Screen } from './screen.ts';
import { counter, emitAck, staffSocket } from './sockets.ts';

/**
 * An officer at a screen of the back office: signed in, connected to the branch room, the
 * screen refetching (throttled) on every refreshUI as the web app does.
 */
export class Desk {
  readonly refreshUI: { count: number };
  readonly popup: { count: number };
  readonly screen: Screen;

  constructor(
    readonly name: string,
    readonly officer: Officer,
    readonly socket: Socket,
    fetch: () => Promise<void>,
    refetchGapMs: number,
  ) {
    this.refreshUI = counter(socket, 'refreshUI');
    this.popup = counter(socket, 'popup');
    this.screen = new Screen(fetch, refetchGapMs);
    socket.on('refreshUI', () => this.screen.poke());
  }

  async close(): Promise<void> {
    await this.screen.stop();
    this.socket.disconnect();
  }
}

interface Seen {
  uuid: string;
  queue_number: string;
  _id: number;
  queue_state: string;
}

interface Waiter {
  uuid: string;
  queueNumber: string;
  state: string;
  resolve: (id: number) => void;
}

/** How long a truck may take to show on the caller's screen before that counts as an error. */
const SHOW_UP_TIMEOUT_MS = 30_000;

/**
 * Manage Calling (or, for the general flow, the report-by-flow page): the officer sees the
 * waiting and called trucks on the screen and acts on them through the socket, as the web does.
 * Across the plant day's start two trucks on the screen may hold one number; the officer tells
 * them apart by licence and day, the simulator by the ticket's uuid.
 */
export class CallerDesk extends Desk {
  private view = new Map<string, Seen>();
  private waiters = new Set<Waiter>();

  constructor(
    name: string,
    officer: Officer,
    socket: Socket,
    private readonly branchId: number,
    private readonly ledger: Ledger,
    list: () => Promise<Seen[]>,
  ) {
    super(
      name,
      officer,
      socket,
      async () => {
        const rows = await list();
        this.view = new Map(rows.map((r) => [r.uuid, r]));
        for (const waiter of this.waiters) {
          const seen = this.view.get(waiter.uuid);
          if (seen?.queue_state === waiter.state) {
            this.waiters.delete(waiter);
            waiter.resolve(seen._id);
          }
        }
      },
      // Manage Calling follows every change at once: an officer calls the truck he just saw.
      300,
    );
  }

  /** The record id of a truck once the screen shows it in `state` (the officer cannot click it before). */
  find({ uuid, queueNumber }: { uuid: string; queueNumber: string }, state: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `${queueNumber} did not show as ${state} on ${this.name} within ${SHOW_UP_TIMEOUT_MS / 1000} s`,
          ),
        );
      }, SHOW_UP_TIMEOUT_MS);
      const waiter: Waiter = {
        uuid,
        queueNumber,
        state,
        resolve: (id) => {
          clearTimeout(timer);
          resolve(id);
        },
      };
      this.waiters.add(waiter);
      this.screen.poke();
    });
  }

  act(event: 'doCalling' | 'doRecheck', recordId: number, stationId: number): Promise<Ack>;
  act(event: 'doFinish' | 'doReject', recordId: number): Promise<Ack>;
  act(event: string, ...args: number[]): Promise<Ack> {
    return emitAck(this.socket, this.ledger, event, this.branchId, ...args);
  }
}

export interface Desks {
  labCaller: CallerDesk;
  standardCaller: CallerDesk;
  generalCaller: CallerDesk;
  lab: Desk;
  weighbridge: Desk;
  gate: Desk;
  manager: Desk;
}

export async function openDesks(
  api: ApiClient,
  ledger: Ledger,
  branchId: number,
  officers: Omit<Plant['officers'], 'admin'>,
  calendar: PlantCalendar,
  firstDay: string,
): Promise<Desks> {
  const socket = (officer: Officer, label: string, polling = false) =>
    staffSocket(
      api.baseUrl,
      { session: officer.session, apiKey: api.apiKey },
      branchId,
      label,
      ledger,
      polling,
    );
  const cards = (officer: Officer) => async () => {
    const { card } = await api.call(getCardInProcess, { find_total_day: 1 }, officer);
    return card.flatMap((c) => c.queue_number);
  };
  const o = officers;
  const generalFlow = (await api.call(getCardInProcess, { find_total_day: 1 }, o.generalCaller)).card[0]
    ?.flow_engine_uuid;
  if (!generalFlow) throw new Error('The general caller has no queue type');
  const desks: Desks = {
    labCaller: new CallerDesk(
      'lab caller',
      o.labCaller,
      await socket(o.labCaller, 'lab caller'),
      branchId,
      ledger,
      cards(o.labCaller),
    ),
    standardCaller: new CallerDesk(
      'standard caller',
      o.standardCaller,
      await socket(o.standardCaller, 'standard caller'),
      branchId,
      ledger,
      cards(o.standardCaller),
    ),
    // Manage Calling does not show the general flow: its officer works from the report-by-flow
    // page, which lists one plant day. After the day's start the officer also looks at the
    // earlier days of the run (the page's date picker) for visitors still inside since then.
    generalCaller: new CallerDesk(
      'general caller',
      o.generalCaller,
      await socket(o.generalCaller, 'general caller'),
      branchId,
      ledger,
      async () => {
        const today = calendar.dayOf();
        const days = [today];
        for (let day = addDays(today, -1); day >= firstDay; day = addDays(day, -1)) days.push(day);
        const lists = await Promise.all(
          days.map((day, i) =>
            api.call(
              getQueueByFlow,
              i === 0 ? { uuid: generalFlow } : { uuid: generalFlow, find_date: day },
              o.generalCaller,
            ),
          ),
        );
        return lists.flatMap((l) => l.queue).filter((q) => q.exit === null);
      },
    ),
    lab: new Desk(
      'lab pickup',
      o.lab,
      await socket(o.lab, 'lab pickup'),
      async () => void (await api.call(getAcceptToday, {}, o.lab)),
      2000,
    ),
    weighbridge: new Desk(
      'weighbridge',
      o.weighbridge,
      await socket(o.weighbridge, 'weighbridge'),
      async () => void (await api.call(getWeighToday, {}, o.weighbridge)),
      2000,
    ),
    gate: new Desk(
      'exit gate',
      o.gate,
      await socket(o.gate, 'exit gate'),
      async () => void (await api.call(getExitToday, {}, o.gate)),
      2000,
    ),
    // The dashboard, live: a manager's browser, on long-polling first as browsers start.
    manager: new Desk(
      'dashboard',
      o.manager,
      await socket(o.manager, 'dashboard', true),
      async () => {
        const today = calendar.dayOf();
        await api.call(periodDashboardByQueueType, { find_start: today, find_finish: today }, o.manager);
      },
      5000,
    ),
  };
  // Each screen loads once when opened, then follows the changes.
  for (const desk of allDesks(desks)) desk.screen.poke();
  return desks;
}

export const allDesks = (d: Desks): Desk[] => [
  d.labCaller,
  d.standardCaller,
  d.generalCaller,
  d.lab,
  d.weighbridge,
  d.gate,
  d.manager,
];
