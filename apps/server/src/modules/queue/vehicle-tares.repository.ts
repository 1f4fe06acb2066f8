import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { queues, vehicleTares } from '../../db/schema.ts';

/** A vehicle's stored tare as read (kg as a number). */
export interface VehicleTare {
  licence: string;
  kg: number;
  weighedAt: Date;
  origin: 'weighing' | 'officer';
  queueNumber: string | null;
}

const columns = {
  licence: vehicleTares.licence,
  kg: sql<number>`${vehicleTares.kg}::float8`,
  weighedAt: vehicleTares.weighedAt,
  origin: vehicleTares.origin,
  queueNumber: queues.queueNumber,
};

/** What a new stored tare is: the weighing's (a ticket's) or an officer's entry. */
export interface TareInput {
  branchId: number;
  plateKey: string;
  licence: string;
  kg: number;
  weighedAt: Date;
  origin: 'weighing' | 'officer';
  queueId: number | null;
  officerId: number | null;
}

/**
 * The branch's stored tares, one per vehicle (plate key, confusable-safe): kept from each real
 * weigh-out, recorded or forgotten by the office (issue 42, part 5).
 */
export function createVehicleTaresRepository(db: Db) {
  return {
    async find(branchId: number, plateKey: string): Promise<VehicleTare | null> {
      const [row] = await db
        .select(columns)
        .from(vehicleTares)
        .leftJoin(queues, eq(queues.id, vehicleTares.queueId))
        .where(and(eq(vehicleTares.branchId, branchId), eq(vehicleTares.plateKey, plateKey)));
      return row ?? null;
    },

    /** Newest first; `plateKey` narrows to one vehicle. */
    list(branchId: number, plateKey: string | null, limit: number): Promise<VehicleTare[]> {
      return db
        .select(columns)
        .from(vehicleTares)
        .leftJoin(queues, eq(queues.id, vehicleTares.queueId))
        .where(
          and(
            eq(vehicleTares.branchId, branchId),
            plateKey ? eq(vehicleTares.plateKey, plateKey) : undefined,
          ),
        )
        .orderBy(desc(vehicleTares.weighedAt), desc(vehicleTares.id))
        .limit(limit);
    },

    /**
     * Keeps a tare as the vehicle's stored one. A weighing's replaces only an older one (two
     * trucks of one vehicle finished out of order keep the later weighing); an officer's entry
     * always replaces it.
     */
    async keep(input: TareInput): Promise<void> {
      const values = { ...input, kg: input.kg.toFixed(1) };
      const { branchId: _b, plateKey: _p, ...update } = values;
      await db
        .insert(vehicleTares)
        .values(values)
        .onConflictDoUpdate({
          target: [vehicleTares.branchId, vehicleTares.plateKey],
          set: update,
          setWhere: input.origin === 'officer' ? undefined : lt(vehicleTares.weighedAt, input.weighedAt),
        });
    },

    /** Forgets a vehicle's tare; whether there was one. */
    async remove(branchId: number, plateKey: string): Promise<boolean> {
      const gone = await db
        .delete(vehicleTares)
        .where(and(eq(vehicleTares.branchId, branchId), eq(vehicleTares.plateKey, plateKey)))
        .returning({ id: vehicleTares.id });
      return gone.length > 0;
    },
  };
}

export type VehicleTaresRepository = ReturnType<typeof createVehicleTaresRepository>;
