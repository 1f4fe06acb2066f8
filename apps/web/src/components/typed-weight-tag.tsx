import { Tag, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WeightSource } from '@truck-queue/shared/queue/weighing';

/**
 * The mark of a weight typed by hand rather than captured from a scale, wherever a weight shows
 * (weighing list, summary report, slip): its reason on hover or tap. A captured weight has none.
 */
export function TypedWeightTag({ source, reason }: { source: WeightSource | null; reason: string | null }) {
  const { t } = useTranslation();
  if (source !== 'manual') return null;
  return (
    <Tooltip title={reason ? t('weighing.manual.tagReason', { reason }) : t('weighing.manual.tagNoReason')}>
      <Tag
        color="orange"
        icon={<EditOutlined aria-hidden />}
        style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px', cursor: 'help' }}
        data-testid="typed-weight"
        tabIndex={0}
        aria-label={reason ? t('weighing.manual.tagReason', { reason }) : t('weighing.manual.tagNoReason')}
      >
        {t('weighing.manual.tag')}
      </Tag>
    </Tooltip>
  );
}
