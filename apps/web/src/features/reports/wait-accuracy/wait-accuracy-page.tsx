import { useState } from 'react';
import { Alert, Card, Col, Descriptions, Empty, Flex, Row, Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WAIT_ACCURACY_DEFAULT_DAYS,
  WAIT_ACCURACY_MAX_DAYS,
  type WaitType,
} from '@truck-queue/shared/contracts/wait-accuracy.contract';
import { useDates } from '../../../lib/calendar-context.tsx';
import { useWaitAccuracy } from '../api/use-wait-accuracy.ts';
import { QueryFailure } from '../components/query-failure.tsx';
import { useCardSize } from '../components/use-card-size.ts';
import { noon, useWaitNumbers, WaitAccuracyChart } from './wait-accuracy-chart.tsx';
import { emptyRuns, hasBars, waitBars } from './wait-series.ts';

/** The periods offered: a week, a fortnight, and the longest the server answers. */
const PERIODS = [WAIT_ACCURACY_DEFAULT_DAYS, 14, WAIT_ACCURACY_MAX_DAYS] as const;

/**
 * /Report/waitAccuracy (issue 40, "Seen by the plant"): how often the expected wait each driver
 * saw at his ticket's issue held, per queue type over the last plant days: the share called
 * inside the range against the target, and the median error, per day and for the days together.
 */
export function WaitAccuracyPage() {
  const { t } = useTranslation();
  const cardSize = useCardSize();
  const [days, setDays] = useState<number>(WAIT_ACCURACY_DEFAULT_DAYS);
  const report = useWaitAccuracy(days);
  const data = report.data;
  const nothingYet = data !== undefined && data.types.every((type) => type.total.readings === 0);
  const target = Math.round((data?.target_inside_share ?? 0.85) * 100);

  return (
    <Flex vertical gap={16}>
      <Card size={cardSize}>
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('reports.waitAccuracy.intro')}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('reports.waitAccuracy.targetNote', { n: target })} {t('reports.waitAccuracy.countsNote')}
          </Typography.Text>
          <Segmented<number>
            aria-label={t('reports.waitAccuracy.period')}
            value={days}
            onChange={setDays}
            options={PERIODS.map((n) => ({ value: n, label: t('reports.waitAccuracy.lastDays', { n }) }))}
            style={{ alignSelf: 'flex-start' }}
          />
        </Flex>
      </Card>
      {report.isError && <QueryFailure error={report.error} onRetry={() => void report.refetch()} />}
      {!data && report.isPending && (
        <Card size={cardSize}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
      {nothingYet && (
        <Alert
          type="info"
          showIcon
          data-testid="wait-accuracy-nothing-yet"
          title={t('reports.waitAccuracy.nothingYet')}
          description={t('reports.waitAccuracy.nothingYetHint')}
        />
      )}
      {data?.types.map((type) => (
        <TypeCard key={type.branch_queue_type_id} type={type} target={data.target_inside_share} days={days} />
      ))}
    </Flex>
  );
}

/** One queue type: its chart of the days, and the days' figures together beside it. */
function TypeCard({ type, target, days }: { type: WaitType; target: number; days: number }) {
  const { t } = useTranslation();
  const cardSize = useCardSize();
  const dates = useDates();
  const { number, percent, minutes } = useWaitNumbers();
  const bars = waitBars(type.days);
  const title = `${type.prefix} · ${type.queue_type_name}`;
  const total = type.total;
  const shortDay = (day: string) =>
    dates.text(noon(day), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const emptyDays = (kind: 'no-tickets' | 'no-range') =>
    emptyRuns(bars, kind)
      .map(({ from, to }) => (from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`))
      .join(', ');
  const noTickets = emptyDays('no-tickets');
  const noRange = emptyDays('no-range');

  return (
    <Card
      size={cardSize}
      data-testid={`wait-accuracy-type-${type.branch_queue_type_id}`}
      title={
        <Typography.Title level={5} style={{ margin: 0, whiteSpace: 'normal' }}>
          {title}
        </Typography.Title>
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={16} data-testid="wait-accuracy-chart">
          {hasBars(bars) ? (
            <>
              <WaitAccuracyChart bars={bars} target={target} title={title} narrow={cardSize === 'small'} />
              {(noTickets || noRange) && (
                <Flex vertical gap={2} style={{ marginTop: 8 }} data-testid="wait-accuracy-empty-days">
                  {noTickets && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('reports.waitAccuracy.daysNoTickets', { days: noTickets })}
                    </Typography.Text>
                  )}
                  {noRange && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('reports.waitAccuracy.daysNoRange', { days: noRange })}
                    </Typography.Text>
                  )}
                </Flex>
              )}
            </>
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(
                total.readings === 0
                  ? 'reports.waitAccuracy.typeNoTickets'
                  : 'reports.waitAccuracy.typeNoRange',
                { n: days },
              )}
              style={{ paddingBlock: 32 }}
            />
          )}
        </Col>
        <Col xs={24} lg={8}>
          <Descriptions
            data-testid="wait-accuracy-summary"
            size="small"
            column={1}
            title={t('reports.waitAccuracy.together', { n: days })}
            items={[
              {
                key: 'readings',
                label: t('reports.waitAccuracy.readings'),
                children: number(total.readings),
              },
              {
                key: 'inside',
                label: t('reports.waitAccuracy.inside'),
                children:
                  total.inside_share === null
                    ? '–'
                    : t('reports.waitAccuracy.insideOf', {
                        percent: percent(Math.round(total.inside_share * 1000) / 10),
                        inside: number(total.inside),
                        total: number(total.with_range),
                      }),
              },
              {
                key: 'error',
                label: t('reports.waitAccuracy.medianError'),
                children: minutes(total.median_error_minutes),
              },
              {
                key: 'wait',
                label: t('reports.waitAccuracy.medianWait'),
                children: minutes(total.median_wait_minutes),
              },
              { key: 'noRange', label: t('reports.waitAccuracy.noRange'), children: number(total.no_range) },
              {
                key: 'notCalled',
                label: t('reports.waitAccuracy.notCalled'),
                children: number(total.not_called),
              },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
