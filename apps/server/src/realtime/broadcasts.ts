import type { EventHub, QueueChange } from '../lib/event-hub.ts';
import type { DeviceService } from '../modules/device-gateway/device-gateway.service.ts';
import { createBranchPacer } from './branch-pacer.ts';
import type { DeviceNamespace } from './device-namespace.ts';
import type { PublicNamespace } from './public-namespace.ts';
import {
  branchDevicesRoom,
  branchRoom,
  branchTicketsRoom,
  deviceRoom,
  overviewRoom,
  pendingRoom,
  queueTypeRoom,
  sessionRoom,
  ticketRoom,
} from './rooms.ts';
import type { RealtimeServer } from './server.ts';

/**
 * Least time between two `branchesChanged` of one branch from this instance. The branches page
 * shows counts, not each truck: at the harvest peak a branch changes some thirty times a second,
 * and every watching page would refetch the whole company's figures as often. Paced, a branch
 * costs a watching page at most one hint every 3 s, whatever its traffic (the page's own refetch
 * is throttled again, web features/branches); the first change after a quiet spell goes at once,
 * a burst during the pause as one hint at its end.
 */
export const BRANCHES_PACE_MS = 3_000;

/**
 * Committed changes (the event hub) become room emits; screens refetch on them. With the
 * Redis adapter an emit reaches the sockets of every instance. Returns the unsubscriber.
 */
export function startBroadcasts(deps: {
  io: RealtimeServer;
  publicSpace: PublicNamespace;
  deviceSpace: DeviceNamespace;
  devices: Pick<DeviceService, 'displaysShowing' | 'publicPlateOfQueue'>;
  events: EventHub;
}): () => void {
  const { io, publicSpace, deviceSpace, devices, events } = deps;

  /** A call or recheck, to the displays showing its queue type. */
  async function announceCall(change: QueueChange) {
    if (change.stationId === null || change.stationName === null) return;
    const displays = await devices.displaysShowing(change.branchQueueTypeId);
    if (displays.length === 0) return;
    const plate = await devices.publicPlateOfQueue(change.queueId);
    deviceSpace.to(displays.map(deviceRoom)).emit('called', {
      id: change.transitionId,
      queue_id: change.queueId,
      queue_number: change.queueNumber,
      queue_type_name: change.queueTypeName,
      station_id: change.stationId,
      station_name: change.stationName,
      action: change.action,
      called_at: change.at.toISOString(),
      truck_license: plate,
      attempt: 0,
    });
  }

  // The branches page (overviewRoom): a light hint per branch, paced.
  const overview = createBranchPacer(BRANCHES_PACE_MS, (branchId) =>
    io.to(overviewRoom(branchId)).emit('branchesChanged', { branch_id: branchId }),
  );
  const branchChanged = ({ branchId }: { branchId: number }) => overview.ask(branchId);

  const unsubscribe = [
    // What the branches page shows of a branch: its trucks, its devices and printers, its day.
    events.subscribe('queueChanged', branchChanged),
    events.subscribe('deviceChanged', branchChanged),
    events.subscribe('printerChanged', branchChanged),
    events.subscribe('branchChanged', branchChanged),
    events.subscribe('alertsChanged', branchChanged),
    events.subscribe('queueChanged', async (change: QueueChange) => {
      io.to(branchRoom(change.branchId)).emit('refreshUI', {
        queue_uuid: change.queueUuid,
        queue_number: change.queueNumber,
        action: change.action,
        from_state: change.fromState,
        to_state: change.toState,
        station_name: change.stationName,
        queue_type_id: change.branchQueueTypeId,
      });
      if (change.action === 'call' || change.action === 'recheck') {
        io.to(branchRoom(change.branchId)).emit('popup', {
          queue_number: change.queueNumber,
          station_name: change.stationName,
          action: change.action,
        });
      }
      // A transfer: the ticket's pages follow it to the new line; the old line moved too.
      if (change.previousQueueTypeId !== undefined) {
        const pages = publicSpace.in(ticketRoom(change.queueUuid));
        pages.socketsLeave(queueTypeRoom(change.previousQueueTypeId));
        pages.socketsJoin(queueTypeRoom(change.branchQueueTypeId));
      }
      // The drivers' pages are pushed their place by every instance (public-push.ts).
      events.publish('linesChanged', {
        branchId: change.branchId,
        branchQueueTypeIds:
          change.previousQueueTypeId === undefined
            ? [change.branchQueueTypeId]
            : [change.branchQueueTypeId, change.previousQueueTypeId],
        queueUuid: change.queueUuid,
      });
      if (change.action === 'call' || change.action === 'recheck') await announceCall(change);
    }),
    // A re-announcement: only the displays showing its queue type; the branch's calling pages refetch.
    events.subscribe('callReannounced', async ({ branchId, branchQueueTypeId, queueId, call }) => {
      io.to(branchRoom(branchId)).emit('announcementChanged', { call_id: call.id, device_uuid: null });
      const displays = await devices.displaysShowing(branchQueueTypeId);
      if (displays.length === 0) return;
      const plate = await devices.publicPlateOfQueue(queueId);
      deviceSpace.to(displays.map(deviceRoom)).emit('called', { ...call, truck_license: plate });
    }),
    events.subscribe('deviceChanged', (change) => {
      io.to(branchRoom(change.branchId)).emit('deviceChanged', { kind: change.kind, uuid: change.uuid });
      const rooms = [deviceRoom(change.deviceId), ...change.shortIds.map(pendingRoom)];
      deviceSpace.to(rooms).emit('deviceChanged');
      const sockets = deviceSpace.in(deviceRoom(change.deviceId));
      // Cancelled or registered to another id: its sockets go at once, on every instance (the
      // adapter carries the disconnect), so nothing it sends any more (a scale's weights, a
      // display's reports) is taken; a scale's watchers are told it is offline
      // (scale-weights.ts). Its browser or bridge comes back as whatever it is now.
      if (change.revoked) {
        sockets.disconnectSockets(true);
        return;
      }
      // Any other change: the device's sockets stop getting calls until they reconnect with
      // the new state (they are told to, above).
      sockets.socketsLeave(branchDevicesRoom(change.branchId));
      sockets.socketsLeave(deviceRoom(change.deviceId));
    }),
    // The branch's calendar or day start: every screen of the branch fetches what it shows again.
    events.subscribe('branchChanged', ({ branchId }) => {
      io.to(branchRoom(branchId)).emit('branchChanged');
      deviceSpace.to(branchDevicesRoom(branchId)).emit('branchChanged');
      publicSpace.to(branchTicketsRoom(branchId)).emit('queueChanged');
    }),
    // A recording of the branch changed: its displays drop the clips they keep and fetch them again.
    events.subscribe('voiceChanged', ({ branchId }) => {
      deviceSpace.to(branchDevicesRoom(branchId)).emit('voiceChanged');
    }),
    // A ticket's print state changed: the branch's pages refetch (its card says "not printed").
    events.subscribe('ticketPrintChanged', (change) => {
      io.to(branchRoom(change.branchId)).emit('refreshUI', {
        queue_uuid: change.queueUuid,
        queue_number: change.queueNumber,
        action: 'print',
        from_state: change.state,
        to_state: change.state,
        station_name: change.stationName,
        queue_type_id: change.branchQueueTypeId,
      });
    }),
    // A job for a USB kiosk: its screen fetches it (device/printJob), prints it and reports.
    events.subscribe('printJobQueued', ({ deviceId, jobId }) => {
      deviceSpace.to(deviceRoom(deviceId)).emit('printJob', { job_id: jobId });
    }),
    // A printer's health: the calling pages and the Printing controller refetch its printers.
    events.subscribe('printerChanged', ({ branchId, uuid, health }) => {
      io.to(branchRoom(branchId)).emit('printerChanged', { uuid, health });
    }),
    // An alert raised, acknowledged or ended: the branch's bells and banners refetch.
    events.subscribe('alertsChanged', ({ branchId }) => {
      io.to(branchRoom(branchId)).emit('alertsChanged');
    }),
    // A reader's read made or decided: the gate's and weighbridge's pages refetch, a weighbridge takes its truck.
    events.subscribe('readsChanged', ({ branchId, change }) => {
      io.to(branchRoom(branchId)).emit('readsChanged', change);
    }),
    // A dispute filed or resolved: the branch's screens count the open ones again (the badge).
    events.subscribe('disputesChanged', ({ branchId }) => {
      io.to(branchRoom(branchId)).emit('disputesChanged');
    }),
    // The adapter already carries the disconnect to every instance: only the instance that ended
    // the sessions asks for it.
    events.subscribe('sessionsEnded', ({ sessionIds }, origin) => {
      if (origin.remote) return;
      for (const id of sessionIds) io.in(sessionRoom(id)).disconnectSockets(true);
    }),
  ];
  return () => {
    for (const stop of unsubscribe) stop();
    overview.stop();
  };
}
