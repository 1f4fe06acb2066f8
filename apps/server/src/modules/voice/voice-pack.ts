import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { VOICE_CLIP_SOURCES } from '@truck-queue/shared/contracts/device.contract';
import { checkAudio, CLIP_TYPES } from './audio-check.ts';
import type { GeneratedClips } from './generated-clips.ts';
import type { RecordedClip } from './voice.repository.ts';

/** Where a clip came from: a recording uploaded in the controller, a VOICE_CLIPS_DIR file, or generated. */
export type ClipOrigin = 'uploaded' | 'folder' | 'generated';

export interface PackClip {
  token: string;
  source: (typeof VOICE_CLIP_SOURCES)[number];
  origin: ClipOrigin;
  mime: string;
  bytes: Buffer;
  /** A short hash of the bytes: a display keeps its decoded clip until this changes. */
  version: string;
}

export const clipVersion = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** A token as a file name: nothing that leaves the folder or hides (a path, a dot file). */
function safeFileToken(token: string): boolean {
  return !/[/\\\0]/.test(token) && !token.startsWith('.');
}

/**
 * VOICE_CLIPS_DIR: the plant's recordings as files named after their tokens (`1.wav`, `ก.mp3`,
 * `เชิญหมายเลข.ogg`). A file that is not audio, or too big or long, is skipped (logged).
 */
export function createFolderClips(dir: string, log: { warn(fields: object, message: string): void }) {
  const extensions = Object.keys(CLIP_TYPES);
  return {
    async clip(token: string): Promise<{ mime: string; bytes: Buffer } | null> {
      if (!safeFileToken(token)) return null;
      for (const extension of extensions) {
        const file = path.join(dir, `${token.normalize('NFC')}.${extension}`);
        let bytes: Buffer;
        try {
          bytes = await readFile(file);
        } catch {
          continue;
        }
        const checked = checkAudio(bytes);
        if ('problem' in checked) {
          log.warn({ file, problem: checked.problem }, 'voice: a clip in VOICE_CLIPS_DIR is skipped');
          continue;
        }
        return { mime: checked.mime, bytes };
      }
      return null;
    },
    /** The tokens the folder has a file for (by name only). */
    async tokens(): Promise<Set<string>> {
      try {
        const names = await readdir(dir);
        return new Set(
          names
            .filter((name) => extensions.some((ext) => name.toLowerCase().endsWith(`.${ext}`)))
            .map((name) => name.slice(0, name.lastIndexOf('.')).normalize('NFC')),
        );
      } catch {
        return new Set();
      }
    },
  };
}
export type FolderClips = ReturnType<typeof createFolderClips>;

/**
 * The voice pack of a branch, token by token: the branch's uploaded recording, else the
 * VOICE_CLIPS_DIR file, else the generated clip; a token none of them has is `missing`.
 */
export function createVoicePack(deps: {
  recordings: (branchId: number, tokens: readonly string[]) => Promise<RecordedClip[]>;
  folder: FolderClips | null;
  generated: GeneratedClips;
}) {
  return {
    async clips(
      branchId: number,
      tokens: readonly string[],
      options: { generate?: (token: string) => boolean } = {},
    ): Promise<{ clips: PackClip[]; missing: string[] }> {
      const unique = [...new Set(tokens)];
      const found = new Map<string, PackClip>();
      for (const row of await deps.recordings(branchId, unique)) {
        found.set(row.token, {
          token: row.token,
          source: 'recorded',
          origin: 'uploaded',
          mime: row.mime,
          bytes: row.bytes,
          version: row.sha256.slice(0, 16),
        });
      }
      if (deps.folder) {
        for (const token of unique) {
          if (found.has(token)) continue;
          const file = await deps.folder.clip(token);
          if (file) {
            found.set(token, {
              token,
              source: 'recorded',
              origin: 'folder',
              ...file,
              version: clipVersion(file.bytes),
            });
          }
        }
      }
      const toGenerate = unique.filter((t) => !found.has(t) && (options.generate?.(t) ?? true));
      const generated =
        toGenerate.length > 0 ? await deps.generated.clips(toGenerate) : new Map<string, Buffer | null>();
      for (const token of toGenerate) {
        const bytes = generated.get(token);
        if (bytes) {
          found.set(token, {
            token,
            source: 'generated',
            origin: 'generated',
            mime: CLIP_TYPES.wav,
            bytes,
            version: clipVersion(bytes),
          });
        }
      }
      return {
        clips: unique.flatMap((t) => found.get(t) ?? []),
        missing: unique.filter((t) => !found.has(t)),
      };
    },
  };
}
export type VoicePack = ReturnType<typeof createVoicePack>;
