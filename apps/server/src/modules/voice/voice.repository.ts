import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branches, branchQueueTypes, devices, queueTypes, stations, voiceClips } from '../../db/schema.ts';

export interface RecordedClip {
  token: string;
  mime: string;
  bytes: Buffer;
  sha256: string;
}

/** The plant's recordings (voice_clips) and what a branch's pack is made of. */
export function createVoiceRepository(db: Db) {
  return {
    async recordings(branchId: number, tokens: readonly string[]): Promise<RecordedClip[]> {
      if (tokens.length === 0) return [];
      return db
        .select({
          token: voiceClips.token,
          mime: voiceClips.mime,
          bytes: voiceClips.bytes,
          sha256: voiceClips.sha256,
        })
        .from(voiceClips)
        .where(and(eq(voiceClips.branchId, branchId), inArray(voiceClips.token, [...new Set(tokens)])));
    },

    async recordedTokens(branchId: number): Promise<string[]> {
      const rows = await db
        .select({ token: voiceClips.token })
        .from(voiceClips)
        .where(eq(voiceClips.branchId, branchId));
      return rows.map((r) => r.token);
    },

    async save(clip: RecordedClip & { branchId: number; officerId: number }): Promise<void> {
      const values = { mime: clip.mime, bytes: clip.bytes, sha256: clip.sha256, uploadedBy: clip.officerId };
      await db
        .insert(voiceClips)
        .values({ branchId: clip.branchId, token: clip.token, ...values })
        .onConflictDoUpdate({
          target: [voiceClips.branchId, voiceClips.token],
          set: { ...values, created: new Date() },
        });
    },

    async remove(branchId: number, token: string): Promise<boolean> {
      const removed = await db
        .delete(voiceClips)
        .where(and(eq(voiceClips.branchId, branchId), eq(voiceClips.token, token)))
        .returning({ id: voiceClips.id });
      return removed.length > 0;
    },

    async activeBranches(): Promise<number[]> {
      const rows = await db.select({ id: branches.id }).from(branches).where(eq(branches.active, true));
      return rows.map((r) => r.id);
    },

    /** The sentences of the branch's active displays (null: the default sentence). */
    async sentences(branchId: number): Promise<(string | null)[]> {
      const rows = await db
        .select({ sentence: devices.announceSentence })
        .from(devices)
        .where(and(eq(devices.branchId, branchId), eq(devices.kind, 'display'), eq(devices.active, true)));
      return rows.map((r) => r.sentence);
    },

    /** The names a call may say: the branch's active stations and queue types. */
    async names(branchId: number): Promise<{ stations: string[]; queueTypes: string[] }> {
      const stationRows = await db
        .select({ name: stations.name })
        .from(stations)
        .where(and(eq(stations.branchId, branchId), eq(stations.active, true)));
      const typeRows = await db
        .select({ name: queueTypes.name })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(branchQueueTypes.branchId, branchId), eq(branchQueueTypes.active, true)));
      return { stations: stationRows.map((r) => r.name), queueTypes: typeRows.map((r) => r.name) };
    },
  };
}
export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
