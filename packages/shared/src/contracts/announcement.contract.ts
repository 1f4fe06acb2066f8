import { z } from 'zod';
import { defineContract, IdSchema, OkSchema } from './api.ts';
import { InstantSchema, MaybeInstantSchema } from './queue.contract.ts';
import { ANNOUNCEMENT_OUTCOMES, DISPLAY_SOUNDS, DISPLAY_SPEECH } from './socket-events.ts';

/**
 * The proof that a call was heard (issue 17): what each display made of each call, the displays'
 * live status, and an officer's re-announcement.
 */

/**
 * One display's part in one call, as the calling page shows it: what it reported of the call's
 * latest announcement (played, captioned, failed), or, without a report:
 * - `not_sent`: the display was registered after the announcement, so it never got it;
 * - `offline`: it is not connected now;
 * - `missed`: connected, but it has not reported within ANNOUNCE_REPORT_MS of the announcement
 *   (it was offline then, or was given the queue type since): it will not announce it now;
 * - `pending`: connected, and the announcement is younger than that: it is on its way.
 * A call of a queue type that no display shows has no display at all (the page says so).
 */
export const CALL_DISPLAY_STATES = [
  ...ANNOUNCEMENT_OUTCOMES,
  'pending',
  'offline',
  'not_sent',
  'missed',
] as const;
export type CallDisplayState = (typeof CALL_DISPLAY_STATES)[number];

/**
 * A display reports an announcement within this long of it being sent (a few calls queued
 * before it, each said up to twice), or it is not going to: its calls are announced only
 * as they arrive live, never from a board fetched later.
 */
export const ANNOUNCE_REPORT_MS = 2 * 60_000;

/** A display's latest report, whatever call it was of. */
export const LastAnnouncementSchema = z.object({
  queue_number: z.string(),
  outcome: z.enum(ANNOUNCEMENT_OUTCOMES),
  reason: z.string().nullable(),
  played_at: InstantSchema,
});
export type LastAnnouncement = z.infer<typeof LastAnnouncementSchema>;

/** A display as its connection and reports show it now (the calling page and the Display controller). */
export const DisplayLiveSchema = z.object({
  /** A socket of it is connected now (on any server instance). */
  online: z.boolean(),
  /** When it last connected, went away or reported. */
  last_seen: MaybeInstantSchema,
  /** What it last said of its sound and speech; null while offline or before it says. */
  sound: z.enum(DISPLAY_SOUNDS).nullable(),
  voice: z.enum(DISPLAY_SPEECH).nullable(),
  last_announcement: LastAnnouncementSchema.nullable(),
});
export type DisplayLive = z.infer<typeof DisplayLiveSchema>;

export const CallingDisplaySchema = DisplayLiveSchema.extend({
  uuid: z.string(),
  name: z.string(),
  /** The branch queue types it shows. */
  queue_type_ids: z.array(z.number()),
});
export type CallingDisplay = z.infer<typeof CallingDisplaySchema>;

export const CallProofSchema = z.object({
  queue_id: z.number(),
  /** The queue's latest call or recheck (its transition id). */
  call_id: z.number(),
  /** Its latest announcement: 0 for the call, else the latest re-announcement. */
  attempt: z.number(),
  displays: z.array(
    z.object({
      device_uuid: z.string(),
      state: z.enum(CALL_DISPLAY_STATES),
      reason: z.string().nullable(),
      /** When it played (or was captioned, or failed), by the display's clock. */
      at: MaybeInstantSchema,
    }),
  ),
});
export type CallProof = z.infer<typeof CallProofSchema>;

/**
 * The calling page: for the called queues on screen, each display's part in its latest call, and
 * the displays of the officer's queue types with their status (offline, muted or failing ones
 * are warned of). Queues never called, or not the officer's, are left out.
 */
export const callAnnouncements = defineContract({
  path: 'calling/announcements',
  access: 'calling',
  body: z.strictObject({ queue_ids: z.array(IdSchema).max(500) }),
  response: OkSchema.extend({
    calls: z.array(CallProofSchema),
    displays: z.array(CallingDisplaySchema),
  }),
});

/**
 * Re-announce a call of the officer's branch and queue types, of this plant day: the displays
 * showing its queue type announce it again after what they are saying. Once per call every few
 * seconds per officer (RATE_LIMITED otherwise).
 */
export const reannounceCall = defineContract({
  path: 'calling/reannounce',
  access: 'calling',
  body: z.strictObject({ call_id: z.int().positive() }),
  response: OkSchema.extend({ attempt: z.number(), displays: z.number() }),
});
