import { Badge, Button, Card, DatePicker, Flex, Grid, Typography } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { useDates } from '../../../lib/calendar-context.tsx';
import { API_DATE_FORMAT } from '../../../lib/format.ts';
import { withFinish, withStart, type Period } from '../period.ts';

interface PeriodFilterProps {
  draft: Period;
  /** The period whose figures are on screen. */
  shown: Period;
  onDraft: (period: Period) => void;
  onApply: () => void;
  /** Site today (YYYY-MM-DD): later days cannot be chosen. */
  today: string;
  /** Why the draft cannot be shown (the end before the start, too long), translated; null when it can. */
  problem: string | null;
  loading: boolean;
  live: boolean;
  /** When the figures on screen were fetched (ms since epoch), 0 before the first answer. */
  updatedAt: number;
  timeZone: string;
}

const dayOf = (date: Dayjs) => date.format(API_DATE_FORMAT);

function clock(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** Start and end days (site calendar) and the report button; the live status on the right. */
export function PeriodFilter(props: PeriodFilterProps) {
  const { draft, shown, onDraft, onApply, today, problem, loading, live, updatedAt, timeZone } = props;
  const status = problem ? 'error' : undefined;
  const { t } = useTranslation();
  const dates = useDates();
  const phone = Grid.useBreakpoint().sm === false;
  const future = (date: Dayjs) => dayOf(date) > today;

  return (
    <Card size={phone ? 'small' : 'default'} styles={{ body: phone ? undefined : { paddingBlock: 16 } }}>
      <Flex wrap align="flex-end" justify="space-between" gap={16}>
        <Flex vertical gap={4}>
          <Flex wrap align="flex-end" gap={12}>
            <Flex vertical gap={4}>
              <label htmlFor="dashboard-start">{t('dashboard.filter.start')}</label>
              <DatePicker
                id="dashboard-start"
                value={dayjs(draft.start)}
                allowClear={false}
                disabledDate={future}
                onChange={(date: Dayjs | null) => date && onDraft(withStart(draft, dayOf(date), today))}
                status={status}
                aria-describedby={problem ? 'dashboard-period-problem' : undefined}
                style={{ width: 160 }}
              />
            </Flex>
            <Flex vertical gap={4}>
              <label htmlFor="dashboard-finish">{t('dashboard.filter.finish')}</label>
              <DatePicker
                id="dashboard-finish"
                value={dayjs(draft.finish)}
                allowClear={false}
                disabledDate={future}
                onChange={(date: Dayjs | null) => date && onDraft(withFinish(draft, dayOf(date), today))}
                status={status}
                aria-describedby={problem ? 'dashboard-period-problem' : undefined}
                style={{ width: 160 }}
              />
            </Flex>
            <Button
              type="primary"
              icon={<BarChartOutlined aria-hidden />}
              loading={loading}
              disabled={problem !== null}
              onClick={onApply}
            >
              {t('dashboard.filter.apply')}
            </Button>
          </Flex>
          {/* The dates stay as the officer set them; what is wrong with them is said here. */}
          {problem && (
            <Typography.Text type="danger" role="alert" id="dashboard-period-problem">
              {problem}
            </Typography.Text>
          )}
        </Flex>
        <Flex vertical gap={2} style={{ marginInlineStart: 'auto', textAlign: 'end' }}>
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
        </Flex>
      </Flex>
    </Card>
  );
}
