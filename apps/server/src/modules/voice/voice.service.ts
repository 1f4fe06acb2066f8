import { createHash } from 'node:crypto';
import type { VoicePackRow } from '@truck-queue/shared/contracts/voice.contract';
import { DEFAULT_SENTENCE, packTokens, tokenSpeech } from '@truck-queue/shared/voice/announcement';
import type { Db } from '../../db/database.ts';
import type { AuthContext, DeviceContext } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { checkAudio } from './audio-check.ts';
import type { GeneratedClips } from './generated-clips.ts';
import { createVoicePack, type FolderClips, type PackClip } from './voice-pack.ts';
import { createVoiceRepository } from './voice.repository.ts';

const AUDIO_PROBLEMS = {
  NOT_AUDIO: 'is not a WAV, MP3 or Ogg recording',
  TOO_BIG: 'is larger than 1 MB',
  TOO_LONG: 'is longer than 10 seconds',
} as const;

function kindOf(token: string, stations: Set<string>): VoicePackRow['kind'] {
  if (/^[0-9]$/.test(token)) return 'digit';
  if (/^[A-Z]$/.test(token)) return 'letter';
  if (/^[\u0E01-\u0E2E]$/.test(token)) return 'consonant';
  return stations.has(token) ? 'station' : 'word';
}

const asClip = (clip: PackClip) => ({
  token: clip.token,
  source: clip.source,
  mime: clip.mime,
  version: clip.version,
  audio: clip.bytes.toString('base64'),
});

/**
 * A branch's voice pack (DESIGN: every call heard): the tokens its displays may say, their clips
 * (recorded over folder over generated), the plant's recordings, and making the pack ahead.
 */
export function createVoiceService(deps: {
  db: Db;
  events: EventHub;
  generated: GeneratedClips;
  folder: FolderClips | null;
  log: { warn(fields: object, message: string): void; info(fields: object, message: string): void };
}) {
  const repo = createVoiceRepository(deps.db);
  const pack = createVoicePack({
    recordings: (branchId, tokens) => repo.recordings(branchId, tokens),
    folder: deps.folder,
    generated: deps.generated,
  });

  /** Every token the branch's displays may say (shared packTokens), and which are station names. */
  async function branchTokens(branchId: number) {
    const sentences = (await repo.sentences(branchId)).map((s) => s ?? DEFAULT_SENTENCE);
    if (sentences.length === 0) sentences.push(DEFAULT_SENTENCE);
    const names = await repo.names(branchId);
    const stationSet = new Set(packTokens([], names.stations));
    return { tokens: packTokens(sentences, [...names.stations, ...names.queueTypes]), stations: stationSet };
  }

  /** The clips of these tokens for a display or admin of the branch: only its pack's tokens are generated. */
  async function clipsFor(branchId: number, tokens: readonly string[]) {
    const allowed = new Set((await branchTokens(branchId)).tokens);
    const found = await pack.clips(branchId, tokens, { generate: (t) => allowed.has(t) });
    return { status: 1 as const, clips: found.clips.map(asClip), missing: found.missing };
  }

  /** Set when the server closes (stop): packs made ahead stop quietly. */
  let stopped = false;
  let preparing: Promise<void> = Promise.resolve();

  return {
    branchTokens,

    async list(auth: AuthContext): Promise<VoicePackRow[]> {
      const { tokens, stations } = await branchTokens(auth.branchId);
      const uploaded = new Set(await repo.recordedTokens(auth.branchId));
      const inFolder = deps.folder ? await deps.folder.tokens() : new Set<string>();
      const cached = await deps.generated.cached(tokens.filter((t) => !uploaded.has(t) && !inFolder.has(t)));
      return tokens.map((token) => ({
        token,
        kind: kindOf(token, stations),
        speech: tokenSpeech(token),
        source: uploaded.has(token)
          ? 'uploaded'
          : inFolder.has(token)
            ? 'folder'
            : cached.has(token)
              ? 'generated'
              : 'missing',
      }));
    },

    preview: (auth: AuthContext, tokens: readonly string[]) => clipsFor(auth.branchId, tokens),

    deviceClips: (device: DeviceContext, tokens: readonly string[]) => clipsFor(device.branchId, tokens),

    async upload(auth: AuthContext, token: string, audio: string) {
      const { tokens } = await branchTokens(auth.branchId);
      if (!tokens.includes(token)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'This is not a word, letter or name the displays of this branch say.',
          [{ path: 'token', message: 'is not a token of this branch' }],
        );
      }
      const bytes = Buffer.from(audio, 'base64');
      const checked = checkAudio(bytes);
      if ('problem' in checked) {
        throw new AppError('VALIDATION_FAILED', `The recording ${AUDIO_PROBLEMS[checked.problem]}.`, [
          { path: 'audio', message: AUDIO_PROBLEMS[checked.problem] },
        ]);
      }
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await repo.save({
        branchId: auth.branchId,
        token,
        mime: checked.mime,
        bytes,
        sha256,
        officerId: auth.officerId,
      });
      deps.events.publish('voiceChanged', { branchId: auth.branchId });
      return { source: 'recorded' as const, version: sha256.slice(0, 16) };
    },

    async remove(auth: AuthContext, token: string) {
      if (!(await repo.remove(auth.branchId, token))) throw notFound('The recording');
      deps.events.publish('voiceChanged', { branchId: auth.branchId });
    },

    /**
     * Makes the branch's generated clips ahead (first start, a station added or renamed), in the
     * background, one branch after another; what is on disk already costs nothing.
     */
    prepare(branchId: number): Promise<void> {
      preparing = preparing.then(async () => {
        if (stopped) return;
        try {
          const started = Date.now();
          const { tokens } = await branchTokens(branchId);
          const made = await deps.generated.clips(tokens);
          if (stopped) return;
          const missing = [...made.values()].filter((c) => !c).length;
          deps.log.info(
            { branchId, tokens: tokens.length, missing, ms: Date.now() - started },
            'voice pack ready',
          );
        } catch (error) {
          if (stopped) return;
          deps.log.warn({ err: error, branchId }, 'voice: the pack could not be made ahead');
        }
      });
      return preparing;
    },

    /** Every active branch's pack, ahead (the server's first start, and every start after). */
    async prepareAll(): Promise<void> {
      const started = Date.now();
      try {
        const branchIds = await repo.activeBranches();
        for (const branchId of branchIds) await this.prepare(branchId);
        if (stopped) return;
        deps.log.info(
          { voicePacks: { branches: branchIds.length, ms: Date.now() - started } },
          'voice packs ready',
        );
      } catch (error) {
        if (stopped) return;
        deps.log.warn({ err: error }, 'voice: the packs could not be made ahead');
      }
    },

    /** The server is closing: no pack is made ahead any more, and nothing more is said of it. */
    stop(): void {
      stopped = true;
    },
  };
}
export type VoiceService = ReturnType<typeof createVoiceService>;
