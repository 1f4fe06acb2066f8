import { deviceContracts } from '@truck-queue/shared/contracts/device.contract';
import { voiceContracts } from '@truck-queue/shared/contracts/voice.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { VoiceService } from './voice.service.ts';

export function registerVoiceRoutes(register: RegisterCall, voice: VoiceService): void {
  register(voiceContracts.voicePack, async ({ auth }) => ({ status: 1, tokens: await voice.list(auth) }));
  register(voiceContracts.voicePreview, ({ auth, body }) => voice.preview(auth, body.tokens));
  register(voiceContracts.voiceUpload, async ({ auth, body }) => ({
    status: 1,
    ...(await voice.upload(auth, body.token, body.audio)),
  }));
  register(voiceContracts.voiceRemove, async ({ auth, body }) => {
    await voice.remove(auth, body.token);
    return { status: 1 };
  });
  register(deviceContracts.voiceClips, ({ device, body }) => voice.deviceClips(device!, body.tokens));
}
