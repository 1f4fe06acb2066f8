import type { z } from 'zod';
import type { ReasonArg } from '@truck-queue/shared/contracts/yard.contract';
import type { ReasonInput } from '@truck-queue/shared/queue/decide';
import {
  CallArgs,
  CallNextArgs,
  JoinRoomArgs,
  RecheckArgs,
  RecordArgs,
  RejectArgs,
  TransferArgs,
  VoidArgs,
  WatchBranchesArgs,
  WatchCardsArgs,
  WatchScaleArgs,
  type Ack,
  type StaffClientToServer,
} from '@truck-queue/shared/contracts/socket-events';
import type { Permission } from '@truck-queue/shared/roles';
import type { AuthContext } from '../lib/auth-context.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { CallingService } from '../modules/queue/calling.service.ts';
import type { CallingPush } from './calling-push.ts';
import type { ScaleWeights } from './scale-weights.ts';
import type { DeviceService } from '../modules/device-gateway/device-gateway.service.ts';
import { notFound } from '../lib/app-error.ts';
import { branchRoom, isOverviewRoom, overviewRoom } from './rooms.ts';
import type { StaffSocket } from './server.ts';

export type StaffEventName = keyof StaffClientToServer;

/** An event's arguments as the client sends them, without its acknowledgement callback. */
type SentArgs<E extends StaffEventName> =
  Parameters<StaffClientToServer[E]> extends [...infer A, ((ack: Ack) => void)?] ? A : never;

/**
 * Where an event may act. `branch`: its first argument is a branch id, which must be the
 * branch the session works in (a branch switcher switches first, as on HTTP).
 */
export type StaffEventScope = 'branch';

export interface StaffEventRule<A extends unknown[]> {
  /** The arguments, checked before anything else (the session too). */
  args: z.ZodType<A>;
  /** What the officer's roles must grant (roles.ts); null: any signed-in officer. */
  permission: Permission | null;
  scope: StaffEventScope;
}

/**
 * Each staff event and what it needs. The runner (staff-namespace.ts) reads this table before
 * it runs the event's handler: the handlers below hold no role or branch checks of their own.
 * The calling service still checks what is the officer's own (queue types, stations).
 */
export const STAFF_EVENTS = {
  joinRoom: { args: JoinRoomArgs, permission: null, scope: 'branch' },
  doCalling: { args: CallArgs, permission: 'calling', scope: 'branch' },
  doCallNext: { args: CallNextArgs, permission: 'calling', scope: 'branch' },
  doRecheck: { args: RecheckArgs, permission: 'calling', scope: 'branch' },
  doFinish: { args: RecordArgs, permission: 'calling', scope: 'branch' },
  doReject: { args: RejectArgs, permission: 'calling', scope: 'branch' },
  doNoShow: { args: RecordArgs, permission: 'calling', scope: 'branch' },
  doTransfer: { args: TransferArgs, permission: 'calling', scope: 'branch' },
  doVoid: { args: VoidArgs, permission: 'admin', scope: 'branch' },
  watchCards: { args: WatchCardsArgs, permission: 'calling', scope: 'branch' },
  watchScale: { args: WatchScaleArgs, permission: 'weighing', scope: 'branch' },
  watchBranches: { args: WatchBranchesArgs, permission: 'admin', scope: 'branch' },
} as const satisfies { [E in StaffEventName]: StaffEventRule<SentArgs<E>> };

/** The refusal an officer gets when their roles lack an event's permission. */
export const PERMISSION_REFUSALS: Partial<Record<Permission, string>> = {
  calling: 'Your role may not call queues.',
  weighing: 'Your role may not weigh trucks.',
  admin: 'Only an admin may do this.',
};

/** The wire's reason ({reason_id, note}) as decide takes it; an empty note is no note. */
function reasonInput(reason: ReasonArg | undefined): ReasonInput | undefined {
  return reason ? { reasonId: reason.reason_id, note: reason.note || null } : undefined;
}

/** The arguments a handler gets: the event's, once its rule's schema accepted them. */
export type StaffEventArgs<E extends StaffEventName> = z.output<(typeof STAFF_EVENTS)[E]['args']>;

/** What a handler works with: the officer's live session, their socket, the services. */
export interface StaffEventContext {
  auth: AuthContext;
  socket: StaffSocket;
  calling: CallingService;
  cardsPush: Pick<CallingPush, 'pushTo'>;
  scales: Pick<ScaleWeights, 'watch'>;
  devices: Pick<DeviceService, 'scaleOf'>;
  /** The branches the officer holds (those the branch switcher offers): the branches page's rooms. */
  branches: Pick<AuthService, 'branches'>;
}

/** What a success's acknowledgement may say besides `status` (Call next: the truck and the station). */
export type AckDetails = Omit<Extract<Ack, { status: 1 }>, 'status'>;

export type StaffEventHandler<E extends StaffEventName> = (
  context: StaffEventContext,
  args: StaffEventArgs<E>,
) => Promise<void | AckDetails>;

/** One small handler per event; it runs only once the event's rule let it through. */
export const STAFF_HANDLERS: { [E in StaffEventName]: StaffEventHandler<E> } = {
  async joinRoom({ socket }, [branchId]) {
    await socket.join(branchRoom(branchId));
    socket.emit('joinRoomCompleted', { branch_id: branchId });
  },
  async doCalling({ auth, calling }, [branchId, queueId, stationId, outOfOrder]) {
    await calling.act(auth, branchId, queueId, 'call', stationId, undefined, reasonInput(outOfOrder));
  },
  async doCallNext({ auth, calling }, [branchId, branchQueueTypeId]) {
    const called = await calling.callNext(auth, branchId, branchQueueTypeId);
    return { queue_number: called.queueNumber, station_name: called.stationName ?? '' };
  },
  async doRecheck({ auth, calling }, [branchId, queueId, stationId, reason]) {
    await calling.act(auth, branchId, queueId, 'recheck', stationId, reasonInput(reason));
  },
  async doFinish({ auth, calling }, [branchId, queueId]) {
    await calling.act(auth, branchId, queueId, 'finish');
  },
  async doReject({ auth, calling }, [branchId, queueId, reason]) {
    await calling.act(auth, branchId, queueId, 'reject', undefined, reasonInput(reason));
  },
  async doNoShow({ auth, calling }, [branchId, queueId]) {
    await calling.noShow(auth, branchId, queueId);
  },
  async doTransfer({ auth, calling }, [branchId, queueId, toQueueTypeId]) {
    await calling.transfer(auth, branchId, queueId, toQueueTypeId);
  },
  async doVoid({ auth, calling }, [branchId, queueId, reason]) {
    await calling.void(auth, branchId, queueId, reasonInput(reason)!);
  },
  async watchCards({ auth, socket, cardsPush }, [, days]) {
    socket.data.cardsDays = days;
    // What the page shows from now on, at once: the changes before the watch are in it.
    if (days !== null) await cardsPush.pushTo(socket, auth);
  },
  async watchScale({ auth, socket, scales, devices }, [, uuid]) {
    const scale = uuid === null ? null : await devices.scaleOf(auth.branchId, uuid);
    if (uuid !== null && !scale) throw notFound('The scale');
    await scales.watch(socket, scale);
  },
  async watchBranches({ auth, socket, branches }, [, watch]) {
    // The rooms of the branches held now: a branch added, deactivated or no longer held since
    // the last watch is taken in or left out (the page asks again when its list changes).
    const rooms = watch ? (await branches.branches(auth)).map((b) => overviewRoom(b.id)) : [];
    for (const room of socket.rooms)
      if (isOverviewRoom(room) && !rooms.includes(room)) await socket.leave(room);
    if (rooms.length > 0) await socket.join(rooms);
  },
};
