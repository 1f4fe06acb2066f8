import { Flex } from 'antd';
import { DeviceController } from './controllers/components/device-controller.tsx';
import { ManualWeightsCard } from './controllers/components/manual-weights-card.tsx';

/**
 * /System/weighbridge: the scales (their bridges), their weighbridge station and weight now, and
 * who may type a weight by hand instead.
 */
export function WeighbridgeControllerPage() {
  return (
    <Flex vertical gap={16}>
      <DeviceController kind="scale" />
      <ManualWeightsCard />
    </Flex>
  );
}
