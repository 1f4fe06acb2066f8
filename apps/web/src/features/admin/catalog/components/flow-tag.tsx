import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFlowEngineId, type FlowEngineId } from '@truck-queue/shared/queue/queue-machine';

/** One colour per flow engine, wherever a queue type or state shows its flow. */
export const FLOW_COLOR = {
  1: 'default',
  2: 'blue',
  3: 'cyan',
} as const satisfies Record<FlowEngineId, string>;

/** The flow a queue type follows, as the officers name it (the shared "flowEngine" labels). */
export function FlowTag({ flowEngineId }: { flowEngineId: number }) {
  const { t } = useTranslation();
  if (!isFlowEngineId(flowEngineId)) return <Tag style={{ marginInlineEnd: 0 }}>{flowEngineId}</Tag>;
  return (
    <Tag color={FLOW_COLOR[flowEngineId]} style={{ marginInlineEnd: 0 }}>
      {t(`flowEngine.${flowEngineId}`)}
    </Tag>
  );
}
