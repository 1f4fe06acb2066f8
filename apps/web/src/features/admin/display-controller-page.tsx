import { DeviceController } from './controllers/components/device-controller.tsx';

/** /System/display: display screens, their devices and queue types. */
export function DisplayControllerPage() {
  return <DeviceController kind="display" />;
}
