import { useState } from 'react';
import { Alert, Button, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { config } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { usePeriodDashboard } from './api/use-period-dashboard.ts';
import { ChartCard } from './components/chart-card.tsx';
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
import { periodProblem } from '../reports/period.ts';
import { periodProblemText } from '../reports/components/period-text.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { useLiveDashboard } from './use-live-dashboard.ts';

/** /System/dashboard: queue counters and stage-time charts for a period (SPEC.md section 2). */
export function DashboardPage() {
  const { t } = useTranslation();
  const chart = useChartTheme();
  const today = usePlantToday();
  const [draft, setDraft] = useState<Period>({ start: today, finish: today });
  const [applied, setApplied] = useState<Period>(draft);
  const live = useLiveDashboard();
  const query = usePeriodDashboard(applied, live);

  const report = query.data?.dataReport ?? [];
  const loaded = query.data !== undefined;
  const slices = queueTypeSlices(report);
  const inFactory = inFactorySeries(report);
  const flows = { standard: stageSeries(report, 'standard'), lab: stageSeries(report, 'lab') };
  const durationLabel = (key: DurationKey) =>
    key === IN_FACTORY_KEY ? t('dashboard.charts.inFactoryAverage') : t(`dashboard.stages.${key}`);

  const problem = periodProblem(draft.start, draft.finish);

  const apply = () => {
    if (problem) return;
    if (draft.start === applied.start && draft.finish === applied.finish) void query.refetch();
    else setApplied(draft);
  };

  const flowEmpty = (flow: Flow) => {
    if (flows[flow].rows.length === 0) return t('dashboard.empty.noQueueTypeOfFlow');
    return hasData(flows[flow]) ? null : t('dashboard.empty.noStageTimes');
  };

  return (
    <Flex vertical gap={16}>
      <PeriodFilter
        draft={draft}
        shown={applied}
        onDraft={setDraft}
        onApply={apply}
        today={today}
        problem={problem ? periodProblemText(t, problem) : null}
        loading={query.isFetching}
        live={live}
        updatedAt={query.dataUpdatedAt}
        timeZone={config.siteTimeZone}
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
