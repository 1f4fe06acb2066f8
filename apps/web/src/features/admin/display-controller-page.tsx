import { DeviceController } from './controllers/components/device-controller.tsx';
import { VoiceClipsButton } from './controllers/components/voice-clips-dialog.tsx';

/** /System/display: display screens, their devices and queue types, and the branch's voice clips. */
export function DisplayControllerPage() {
  return <DeviceController kind="display" extraAction={<VoiceClipsButton />} />;
}
