import { DeviceController } from './controllers/components/device-controller.tsx';

/** /System/printing: ticket kiosks, their devices, printers and queue types. */
export function PrintingControllerPage() {
  return <DeviceController kind="printer" />;
}
