import { z } from 'zod';
import { defineContract, EmptyBodySchema, OkSchema } from './api.ts';
import { VOICE_CLIP_SOURCES, VoiceTokenSchema, voiceClips } from './device.contract.ts';
import { TOKENS_MAX } from '../voice/announcement.ts';

/**
 * The branch's voice pack in the Display controller (admins who manage displays): every token
 * its displays may say, where each clip comes from, a clip to listen to, and the plant's own
 * recordings (upload, remove). A recording wins over the VOICE_CLIPS_DIR file, which wins over
 * the generated clip (shared/voice/announcement.ts).
 */

/** A recording's limits: WAV, MP3 or Ogg (judged by its bytes), at most 1 MB and 10 s. */
export const VOICE_UPLOAD_MAX_BYTES = 1024 * 1024;
export const VOICE_UPLOAD_MAX_SECONDS = 10;

/** What a token is, for grouping the list: a digit, a Latin letter, a Thai consonant or a name/word. */
export const VOICE_TOKEN_KINDS = ['digit', 'letter', 'consonant', 'word', 'station'] as const;

/** Where a clip comes from, as the controller shows it. */
export const VOICE_PACK_SOURCES = ['uploaded', 'folder', 'generated', 'missing'] as const;

export const VoicePackRowSchema = z.object({
  token: z.string(),
  kind: z.enum(VOICE_TOKEN_KINDS),
  /** What the speech engine is given for it ("1" → "หนึ่ง"). */
  speech: z.string(),
  /** uploaded (in the controller: may be removed), folder (VOICE_CLIPS_DIR), generated, missing (not made yet). */
  source: z.enum(VOICE_PACK_SOURCES),
});
export type VoicePackRow = z.infer<typeof VoicePackRowSchema>;

/** The branch's tokens: digits, letters, consonants, its displays' sentence words, its stations and queue types. */
export const voicePack = defineContract({
  path: 'voice/pack',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ tokens: z.array(VoicePackRowSchema) }),
});

/** The clips of these tokens, as the branch's displays get them (to listen to, or a sentence's preview). */
export const voicePreview = defineContract({
  path: 'voice/preview',
  access: 'admin',
  body: z.strictObject({ tokens: z.array(VoiceTokenSchema).min(1).max(TOKENS_MAX) }),
  response: voiceClips.response,
});

/** Base64 of at most VOICE_UPLOAD_MAX_BYTES. */
const Base64Audio = z
  .string()
  .min(4)
  .max(Math.ceil(VOICE_UPLOAD_MAX_BYTES / 3) * 4 + 4, 'is larger than 1 MB')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'is not base64');

/**
 * The plant's recording of one token: replaces the clip on every display of the branch. Refused:
 * VALIDATION_FAILED with `audio` (not WAV/MP3/Ogg, larger than 1 MB, longer than 10 s) or `token`
 * (not a token of this branch's pack).
 */
export const voiceUpload = defineContract({
  path: 'voice/upload',
  access: 'admin',
  bodyLimit: 2 * VOICE_UPLOAD_MAX_BYTES,
  body: z.strictObject({ token: VoiceTokenSchema, audio: Base64Audio }),
  response: OkSchema.extend({ source: z.enum(VOICE_CLIP_SOURCES), version: z.string() }),
});

/** Removes the branch's recording of a token: the folder's file or the generated clip plays again. */
export const voiceRemove = defineContract({
  path: 'voice/remove',
  access: 'admin',
  body: z.strictObject({ token: VoiceTokenSchema }),
  response: OkSchema,
});

export const voiceContracts = { voicePack, voicePreview, voiceUpload, voiceRemove };
