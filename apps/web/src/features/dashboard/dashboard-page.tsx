import { useState } from 'react';
import { Alert, Button, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { config } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { usePeriodDashboard } from './api/use-period-dashboard.ts';
import { useDashboardTrends } from './api/use-dashboard-trends.ts';
import { useCapUse } from './api/use-cap-use.ts';
import { CapUseCard } from './components/cap-use-card.tsx';
import { ArrivalsChart } from './components/arrivals-chart.tsx';
import { ChartCard } from './components/chart-card.tsx';
import { DisputesBadge } from './components/disputes-badge.tsx';
import { TonnageChart } from './components/tonnage-chart.tsx';
import { SeriesLegend } from './components/chart-tooltip.tsx';
import { Counters } from './components/counters.tsx';
import { DurationBarChart } from './components/duration-bar-chart.tsx';
import { PeriodFilter } from './components/period-filter.tsx';
import { QueueTypeDonut } from './components/queue-type-donut.tsx';
import { useChartTheme } from './components/use-chart-theme.ts';
import {
  hasData,
  IN_FACTORY_KEY,
  inFactorySeries,
  queueTypeSlices,
  stageSeries,
  type DurationKey,
  type Flow,
} from './dashboard-series.ts';
import { type Period } from './period.ts';
import { dayBars, hasArrivals, hasTrucks, hourBars } from './trends.ts';
import { periodProblem } from '../reports/period.ts';
import type { DayRange } from '../reports/components/period-picker.tsx';
import { periodProblemText } from '../reports/components/period-text.ts';
import { useAccess } from '../auth/api/use-access.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { useLiveDashboard } from './use-live-dashboard.ts';

const dayOf = (date: dayjs.Dayjs | null) => date?.format(API_DATE_FORMAT) ?? null;

/**
 * /System/dashboard: queue counters, arrivals per hour, trucks and tonnage per day, and stage-time
 * charts for a period (SPEC.md section 2); the open disputes for those who answer them.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const today = usePlantToday();
  const dayStart = useAccess().data?.officer.branch.day_start_minutes ?? 0;
  const [range, setRange] = useState<DayRange>(() => [dayjs(today), dayjs(today)]);
  const [applied, setApplied] = useState<Period>({ start: today, finish: today });
  const live = useLiveDashboard();
  const query = usePeriodDashboard(applied, live);
  const trends = useDashboardTrends(applied, live);
  // The daily caps (issue 38) are a day's: shown when the period is one plant day.
  const caps = useCapUse(applied.start === applied.finish ? applied.start : null, live);
  const shownCaps = applied.start === applied.finish ? (caps.data?.caps ?? []) : [];
  const hours = hourBars(trends.data?.arrivals_by_hour ?? [], dayStart);
  const days = dayBars(trends.data?.days ?? []);

  const report = query.data?.dataReport ?? [];
  const loaded = query.data !== undefined;
  const slices = queueTypeSlices(report);
  const inFactory = inFactorySeries(report);
  const flows = { standard: stageSeries(report, 'standard'), lab: stageSeries(report, 'lab') };
  const durationLabel = (key: DurationKey) =>
    key === IN_FACTORY_KEY ? t('dashboard.charts.inFactoryAverage') : t(`dashboard.stages.${key}`);

  const picked = { start: dayOf(range[0]), finish: dayOf(range[1]) };
  const problem = periodProblem(picked.start, picked.finish);

  /** Shows the picked period, or the shown one afresh. */
  const show = (next: DayRange, refetch: boolean) => {
    const start = dayOf(next[0]);
    const finish = dayOf(next[1]);
    if (!start || !finish || periodProblem(start, finish)) return;
    if (start !== applied.start || finish !== applied.finish) setApplied({ start, finish });
    else if (refetch) {
      void query.refetch();
      void trends.refetch();
    }
  };

  const flowEmpty = (flow: Flow) => {
    if (flows[flow].rows.length === 0) return t('dashboard.empty.noQueueTypeOfFlow');
    return hasData(flows[flow]) ? null : t('dashboard.empty.noStageTimes');
  };

  return (
    <Flex vertical gap={16}>
      <PeriodFilter
        range={range}
        // A quick range or a whole period picked is shown at once; the button shows it afresh.
        onRange={(next) => {
          setRange(next);
          show(next, false);
        }}
        shown={applied}
        onApply={() => show(range, true)}
        today={today}
        problem={problem ? periodProblemText(t, problem) : null}
        loading={query.isFetching || trends.isFetching}
        live={live}
        updatedAt={query.dataUpdatedAt}
        timeZone={config.siteTimeZone}
        extra={<DisputesBadge />}
      />
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed')}
          description={errorMessage(t, query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      )}
      <Counters overall={query.data?.dataOverall} />
      {shownCaps.length > 0 && <CapUseCard caps={shownCaps} />}
      {trends.isError && (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.trends.loadFailed')}
          description={errorMessage(t, trends.error)}
          action={
            <Button size="small" onClick={() => void trends.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ChartCard
            testId="chart-arrivals"
            title={t('dashboard.charts.arrivals')}
            subtitle={t('dashboard.charts.arrivalsHint')}
            loaded={trends.data !== undefined}
            empty={hasArrivals(hours) ? null : t('dashboard.empty.noArrivals')}
          >
            <ArrivalsChart bars={hours} />
          </ChartCard>
        </Col>
        <Col xs={24} xl={14}>
          <ChartCard
            testId="chart-tonnage"
            title={t('dashboard.charts.tonnage')}
            subtitle={t('dashboard.charts.tonnageHint')}
            loaded={trends.data !== undefined}
            empty={hasTrucks(days) ? null : t('dashboard.empty.noTrucks')}
          >
            <TonnageChart bars={days} />
          </ChartCard>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <ChartCard
            testId="chart-queue-types"
            title={t('dashboard.charts.queueTypes')}
            loaded={loaded}
            empty={slices.length === 0 ? t('dashboard.empty.noQueues') : null}
          >
            <QueueTypeDonut slices={slices} total={query.data?.dataOverall.total ?? 0} />
          </ChartCard>
        </Col>
        <Col xs={24} lg={14}>
          <ChartCard
            testId="chart-in-factory"
            title={t('dashboard.charts.inFactory')}
            subtitle={t('dashboard.charts.inFactoryHint')}
            loaded={loaded}
            empty={hasData(inFactory) ? null : t('dashboard.empty.noExits')}
          >
            <DurationBarChart
              series={inFactory}
              labelOf={durationLabel}
              colorOf={(_key, datum) => chart.queueType(datum.colorIndex)}
              ariaLabel={t('dashboard.charts.inFactory')}
              minHeight={260}
            />
          </ChartCard>
        </Col>
        {(['standard', 'lab'] as const).map((flow) => (
          <Col key={flow} xs={24} xl={12}>
            <ChartCard
              testId={`chart-${flow}-flow`}
              title={t(`dashboard.charts.${flow}Flow`)}
              subtitle={t(`dashboard.charts.${flow}FlowHint`)}
              loaded={loaded}
              empty={flowEmpty(flow)}
            >
              <SeriesLegend
                items={flows[flow].keys.map((key) => ({
                  color: chart.stage(key),
                  label: durationLabel(key),
                }))}
              />
              <DurationBarChart
                series={flows[flow]}
                labelOf={durationLabel}
                colorOf={(key) => chart.stage(key)}
                ariaLabel={t(`dashboard.charts.${flow}Flow`)}
              />
            </ChartCard>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
