import { Tag, Tooltip } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WeightSource } from '@truck-queue/shared/queue/weighing';

const TAG_STYLE = { marginInlineEnd: 0, fontSize: 11, lineHeight: '18px', cursor: 'help' } as const;

/**
 * The mark of a weight typed by hand rather than captured from a scale, wherever a weight shows
 * (weighing list, summary report, slip): its reason on hover or tap. A captured weight has none.
 * A weigh-out on the vehicle's stored tare (issue 42) is marked too, with the tare's date.
 */
export function TypedWeightTag({
  source,
  reason,
  tareDate,
}: {
  source: WeightSource | null;
  reason: string | null;
  /** A stored tare's: when the vehicle was weighed empty, as the reader writes dates. */
  tareDate?: string | null | undefined;
}) {
  const { t } = useTranslation();
  if (source === 'stored_tare') {
    const title = tareDate
      ? t('weighing.storedTare.tagTitle', { date: tareDate })
      : t('weighing.storedTare.tagTitleNoDate');
    return (
      <Tooltip title={title}>
        <Tag
          color="blue"
          icon={<HistoryOutlined aria-hidden />}
          style={TAG_STYLE}
          data-testid="stored-tare-weight"
          tabIndex={0}
          aria-label={title}
        >
          {t('weighing.storedTare.tag')}
        </Tag>
      </Tooltip>
    );
  }
  if (source !== 'manual') return null;
  return (
    <Tooltip title={reason ? t('weighing.manual.tagReason', { reason }) : t('weighing.manual.tagNoReason')}>
      <Tag
        color="orange"
        icon={<EditOutlined aria-hidden />}
        style={TAG_STYLE}
        data-testid="typed-weight"
        tabIndex={0}
        aria-label={reason ? t('weighing.manual.tagReason', { reason }) : t('weighing.manual.tagNoReason')}
      >
        {t('weighing.manual.tag')}
      </Tag>
    </Tooltip>
  );
}
