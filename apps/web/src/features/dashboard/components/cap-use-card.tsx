import { Card, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import type { CapUse } from '@truck-queue/shared/contracts/order.contract';
import { useDates } from '../../../lib/calendar-context.tsx';
import { useChartTheme } from './use-chart-theme.ts';

/** Near its cap from this share of the cap on: the bar turns amber. */
const NEAR = 0.9;

/**
 * The day's caps (issue 38): for each capped class of a line, its share of the day's calls
 * against the cap, as a bar (amber near the cap, red past it, which only a manager's admission
 * makes), the counts behind it, the trucks held now, and the share through the day.
 */
export function CapUseCard({ caps }: { caps: CapUse[] }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="cap-use" title={t('dashboard.caps.title')}>
      <Flex vertical gap={20}>
        <Typography.Text type="secondary">{t('dashboard.caps.hint')}</Typography.Text>
        {caps.map((cap) => (
          <CapRow key={`${cap.queue_type_id} ${cap.class_key}`} cap={cap} />
        ))}
      </Flex>
    </Card>
  );
}

function CapRow({ cap }: { cap: CapUse }) {
  const { t, i18n } = useTranslation();
  const chart = useChartTheme();
  const dates = useDates();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const number = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });
  const used = cap.max_percent > 0 ? cap.share_percent / cap.max_percent : 0;
  const status = used > 1 ? 'exception' : used >= NEAR ? 'active' : 'normal';
  const color = used > 1 ? chart.token.red6 : used >= NEAR ? chart.token.gold6 : chart.token.green6;
  const top = Math.max(0, ...cap.hours.map((h) => h.share_percent));
  const time = (at: string) => dates.text(new Date(at), { hour: '2-digit', minute: '2-digit' });
  return (
    <div data-testid="cap-row" data-class={cap.class_key}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Text strong>
          {cap.class_name} · {cap.queue_type_name}
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <Typography.Text data-testid="cap-share">
            {t('dashboard.caps.share', { share: number(cap.share_percent), max: number(cap.max_percent) })}
          </Typography.Text>
          {cap.held > 0 && (
            <Tag color="orange" data-testid="cap-held">
              {t('dashboard.caps.held', { count: cap.held })}
            </Tag>
          )}
        </Flex>
      </Flex>
      <Progress
        percent={Math.min(100, Math.round(used * 100))}
        status={status}
        strokeColor={color}
        showInfo={false}
        aria-label={t('dashboard.caps.share', {
          share: number(cap.share_percent),
          max: number(cap.max_percent),
        })}
      />
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {cap.of === 'loads'
          ? t('dashboard.caps.loads', { part: number(cap.class_amount), total: number(cap.total_amount) })
          : t('dashboard.caps.tonnes', { part: number(cap.class_amount), total: number(cap.total_amount) })}
      </Typography.Text>
      {cap.hours.length > 1 && (
        <LineChart
          data={cap.hours}
          responsive
          style={{ width: '100%', height: 90 }}
          margin={{ top: 6, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer
          title={t('dashboard.caps.through', { name: cap.class_name })}
        >
          <XAxis
            dataKey="at"
            tickFormatter={time}
            minTickGap={24}
            tick={{ fill: chart.axis, fontSize: chart.fontSize }}
            stroke={chart.grid}
            tickLine={false}
          />
          <YAxis
            width={44}
            domain={[0, (max: number) => Math.max(max, cap.max_percent) * 1.15]}
            // The cap, and the highest share where it went past.
            ticks={[0, cap.max_percent, ...(top > cap.max_percent ? [top] : [])]}
            tickFormatter={(v: number) => `${number(v)}%`}
            tick={{ fill: chart.axis, fontSize: chart.fontSize }}
            stroke={chart.grid}
            tickLine={false}
          />
          <ReferenceLine y={cap.max_percent} stroke={chart.token.red5} strokeDasharray="4 3" />
          <Line
            dataKey="share_percent"
            stroke={color}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </LineChart>
      )}
    </div>
  );
}
