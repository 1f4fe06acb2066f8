import path from 'node:path';
import type { ModuleHost } from '../module-host.ts';
import { createGeneratedClips } from './generated-clips.ts';
import { createSpeechEngine } from './speech-engine.ts';
import { createFolderClips } from './voice-pack.ts';
import { registerVoiceRoutes } from './voice.routes.ts';
import { createVoiceService } from './voice.service.ts';

/**
 * The branches' voice packs: their calls, and making them ahead where asked (`prepareVoice`).
 * Returns `prepareVoice`, which the catalog calls for a station added or renamed.
 */
export function registerVoiceModule(host: ModuleHost) {
  const { app, register, config, db, events, options } = host;
  const speech = createSpeechEngine();
  const voice = createVoiceService({
    db,
    events,
    generated: createGeneratedClips({
      cacheDir: path.join(config.dataDir, 'voice-cache'),
      engine: speech,
      log: app.log,
    }),
    folder: config.voiceClipsDir ? createFolderClips(config.voiceClipsDir, app.log) : null,
    log: app.log,
  });
  app.addHook('onClose', () => {
    voice.stop();
    return speech.close();
  });
  const prepare = (branchId: number) => {
    if (options.prepareVoice) void voice.prepare(branchId);
  };
  if (options.prepareVoice) {
    // In the background: "serving on :3000" never waits for the pack.
    app.addHook('onListen', () => {
      void voice.prepareAll();
    });
    // A display's sentence may bring new words: made before its next call.
    events.subscribe('deviceChanged', ({ branchId, kind }) => {
      if (kind === 'display') prepare(branchId);
    });
  }
  registerVoiceRoutes(register, voice);
  return { prepareVoice: prepare };
}
