import { isAdminRoles } from '@truck-queue/shared/roles';
import { stationTypeOfState, type StationType } from '@truck-queue/shared/queue/queue-machine';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';

export interface ScopedQueueType {
  id: number;
  uuid: string;
  name: string;
  prefix: string;
  flowEngineId: number;
  flowEngineUuid: string;
}

export interface ScopedStation {
  id: number;
  name: string;
  flowEngineId: number;
  type: StationType;
}

/** Scopes held at most (officers × branches): past it the cache starts again empty. */
const MAX_SCOPES = 2000;

/**
 * A cache of one kind of scope: each (branch, officer or admin) read once, until an admin's
 * edit drops every entry. The promise is held, so calls arriving together share one read; a
 * read dropped while in flight is answered to its callers but never kept.
 */
function scopeCache<T>(read: (branchId: number, officerId: number | null) => Promise<T>) {
  const held = new Map<string, Promise<T>>();
  return {
    get(branchId: number, officerId: number | null): Promise<T> {
      const key = `${branchId}:${officerId ?? 'all'}`;
      const cached = held.get(key);
      if (cached) return cached;
      if (held.size >= MAX_SCOPES) held.clear();
      // A real promise: a query builder would run its statement again each time it is awaited.
      const reading = Promise.resolve().then(() => read(branchId, officerId));
      held.set(key, reading);
      // A failed read is not kept: the next call reads again.
      reading.catch(() => {
        if (held.get(key) === reading) held.delete(key);
      });
      return reading;
    },
    clear: () => held.clear(),
  };
}

/**
 * What an officer may call (the calling controller's aQTCtrl and aStationCtrl): the queue
 * types and stations assigned to them. Admins (roles 0 and 1) have all of their branch's.
 *
 * Both change only when an admin edits queue types, stations, their states or an officer's
 * assignments, so they are held in memory and dropped on `referenceChanged`, which every
 * instance hears (lib/shared-events.ts). Without `events` (a script) nothing is cached.
 */
export function createCallingScope(
  reads: Pick<QueueReadsRepository, 'stationStatesCalledTo' | 'queueTypesCalledBy'>,
  events?: EventHub,
) {
  /** Whose assignments limit the officer: none for admins. */
  const assignedTo = (auth: AuthContext) => (isAdminRoles(auth.roles) ? null : auth.officerId);

  const readStations = async (branchId: number, officerId: number | null): Promise<ScopedStation[]> => {
    const rows = await reads.stationStatesCalledTo(branchId, officerId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      flowEngineId: r.flowEngineId,
      type: stationTypeOfState(r.state)!,
    }));
  };
  const readQueueTypes = (branchId: number, officerId: number | null): Promise<ScopedQueueType[]> =>
    reads.queueTypesCalledBy(branchId, officerId);

  const queueTypes = events ? scopeCache(readQueueTypes) : { get: readQueueTypes, clear: () => undefined };
  const stations = events ? scopeCache(readStations) : { get: readStations, clear: () => undefined };
  events?.subscribe('referenceChanged', () => {
    queueTypes.clear();
    stations.clear();
  });

  return {
    /** The queue types the officer calls (a copy: callers may filter or sort it). */
    async queueTypes(auth: AuthContext): Promise<ScopedQueueType[]> {
      return [...(await queueTypes.get(auth.branchId, assignedTo(auth)))];
    },

    /** Each station the officer may send trucks to, once per flow engine and type it serves. */
    async stations(auth: AuthContext): Promise<ScopedStation[]> {
      return [...(await stations.get(auth.branchId, assignedTo(auth)))];
    },
  };
}

export type CallingScope = ReturnType<typeof createCallingScope>;
