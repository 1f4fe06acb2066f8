import { Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MinuteRule } from '@truck-queue/shared/durations';

/**
 * A duration column's header with a tooltip that says how its minutes are counted, so a
 * screen's "2 นาที" beside another's "1 นาที" for the same truck explains itself. The title
 * wraps as any header does (the icon may go under it), never wider than its column.
 */
export function DurationTitle({ title, rule }: { title: string; rule: MinuteRule }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`duration.rule.${rule}`)}>
      <span data-duration-rule={rule}>
        {title} <QuestionCircleOutlined aria-hidden style={{ fontSize: 12, opacity: 0.6 }} />
      </span>
    </Tooltip>
  );
}
