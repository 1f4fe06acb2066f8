import { Flex } from 'antd';
import { DeviceController } from './controllers/components/device-controller.tsx';
import { ManualWeightsCard } from './controllers/components/manual-weights-card.tsx';
import { StoredTaresCard } from './controllers/components/stored-tares-card.tsx';
import { WeighingRulesCard } from './controllers/components/weighing-rules-card.tsx';

/**
 * /System/weighbridge: the scales (their bridges), their weighbridge station and weight now,
 * who may type a weight by hand instead, the weighing rules (stored tares, the legal gross per
 * vehicle class) and the vehicles' stored tares (issue 42).
 */
export function WeighbridgeControllerPage() {
  return (
    <Flex vertical gap={16}>
      <DeviceController kind="scale" />
      <DeviceController kind="reader" />
      <ManualWeightsCard />
      <WeighingRulesCard />
      <StoredTaresCard />
    </Flex>
  );
}
