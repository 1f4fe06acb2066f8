import type { ReactNode } from 'react';
import { Badge, Button, Card, Flex, Form, Grid, Typography } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../lib/calendar-context.tsx';
import { PeriodPicker, type DayRange } from '../../reports/components/period-picker.tsx';
import type { Period } from '../period.ts';

interface PeriodFilterProps {
  range: DayRange;
  onRange: (range: DayRange) => void;
  /** The period whose figures are on screen. */
  shown: Period;
  onApply: () => void;
  /** Site today (YYYY-MM-DD): the quick ranges count back from it. */
  today: string;
  /** Why the picked range cannot be shown (the end before the start, too long), translated; null when it can. */
  problem: string | null;
  loading: boolean;
  live: boolean;
  /** When the figures on screen were fetched (ms since epoch), 0 before the first answer. */
  updatedAt: number;
  timeZone: string;
  /** Beside the live status: what waits for the officer (the disputes' badge). */
  extra?: ReactNode;
}

function clock(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/**
 * The reports' period picker (quick ranges: today, 7 and 30 days, this month, this season) and
 * the report button; what is on screen and the live status on the right.
 */
export function PeriodFilter(props: PeriodFilterProps) {
  const { range, onRange, shown, onApply, today, problem, loading, live, updatedAt, timeZone, extra } = props;
  const { t } = useTranslation();
  const dates = useDates();
  const phone = Grid.useBreakpoint().sm === false;

  return (
    <Card size={phone ? 'small' : 'default'} styles={{ body: phone ? undefined : { paddingBlock: 16 } }}>
      <Flex wrap align="flex-end" justify="space-between" gap={16}>
        <Form layout="vertical" component="div" style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Flex gap={12} wrap align="flex-start">
            <PeriodPicker
              id="dashboard-range"
              value={range}
              onChange={onRange}
              today={today}
              error={problem}
            />
            <Form.Item
              label={phone ? undefined : <span aria-hidden>&nbsp;</span>}
              colon={false}
              style={{ marginBottom: 0 }}
            >
              <Button
                type="primary"
                icon={<BarChartOutlined aria-hidden />}
                loading={loading}
                disabled={problem !== null}
                onClick={onApply}
              >
                {t('dashboard.filter.apply')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
        <Flex vertical gap={2} align="flex-end" style={{ marginInlineStart: 'auto', textAlign: 'end' }}>
          <Typography.Text strong data-testid="dashboard-shown-period">
            {shown.start === shown.finish
              ? t('dashboard.filter.showingDay', { day: dates.date(shown.start) })
              : t('dashboard.filter.showingPeriod', {
                  start: dates.date(shown.start),
                  finish: dates.date(shown.finish),
                })}
          </Typography.Text>
          <span>
            <Badge
              status={live ? 'processing' : 'default'}
              text={
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {live ? t('dashboard.live.on') : t('dashboard.live.off')}
                  {updatedAt > 0 &&
                    ` · ${t('dashboard.live.updatedAt', { time: clock(updatedAt, timeZone) })}`}
                </Typography.Text>
              }
            />
          </span>
          {extra}
        </Flex>
      </Flex>
    </Card>
  );
}
