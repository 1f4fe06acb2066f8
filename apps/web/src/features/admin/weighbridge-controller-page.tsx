import { DeviceController } from './controllers/components/device-controller.tsx';

/** /System/weighbridge: the scales (their bridges), their weighbridge station and weight now. */
export function WeighbridgeControllerPage() {
  return <DeviceController kind="scale" />;
}
