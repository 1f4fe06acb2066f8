import { useState } from 'react';
import { Card, Empty, Flex, Form, Grid, Segmented, Select, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { TIME_BREAKDOWN_MAX_DAYS } from '@truck-queue/shared/contracts/time-breakdown.contract';
import type { TimeStage } from '@truck-queue/shared/queue/time-stages';
import { useCalendar, useDates } from '../../../lib/calendar-context.tsx';
import { formatDuration } from '../../../lib/durations.ts';
import { API_DATE_FORMAT } from '../../../lib/format.ts';
import { usePlantToday } from '../../auth/use-plant-today.ts';
import { ExportFailure, useExportFeedback } from '../components/export-feedback.tsx';
import { type DayRange } from '../components/period-picker.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { periodLabel, periodProblemText } from '../components/period-text.ts';
import { QueryFailure } from '../components/query-failure.tsx';
import { ResultHeading } from '../components/result-heading.tsx';
import { useCardSize } from '../components/use-card-size.ts';
import { periodProblem } from '../period.ts';
import { noon } from '../wait-accuracy/wait-accuracy-chart.tsx';
import { HeatMap, hourLabel } from './heat-map.tsx';
import { StageChart } from './stage-chart.tsx';
import { useStageColour } from './stage-colours.ts';
import { OfficerTable, StationTable } from './time-tables.tsx';
import { dayBars, heatRows, hourBars, stagesUsed } from './time-series.ts';
import { useTimeBreakdown, useTimeBreakdownExport, type TimeBreakdownQuery } from './use-time-breakdown.ts';

/**
 * /Report/timeBreakdown (issue 41): where a truck's time goes between its ticket and the gate,
 * per hour of its ticket and per plant day, on a day-by-hour map, per station (with the time it
 * stood empty while trucks it could serve waited) and per officer.
 */
export function TimeBreakdownPage() {
  const { t } = useTranslation();
  const cardSize = useCardSize();
  const calendar = useCalendar();
  const dates = useDates();
  const today = usePlantToday();
  const colour = useStageColour();
  const wide = Grid.useBreakpoint().md ?? true;
  const [range, setRange] = useState<DayRange>(() => [dayjs(today).subtract(6, 'day'), dayjs(today)]);
  const [line, setLine] = useState(0);
  const [query, setQuery] = useState<TimeBreakdownQuery>(() => ({
    find_start: dayjs(today).subtract(6, 'day').format(API_DATE_FORMAT),
    find_finish: today,
    branch_queue_type_id: 0,
  }));
  const [heatStage, setHeatStage] = useState<TimeStage>('wait_call');
  const report = useTimeBreakdown(query, query.find_finish >= today);
  const exporter = useExportFeedback(useTimeBreakdownExport());

  const start = range[0]?.format(API_DATE_FORMAT) ?? null;
  const finish = range[1]?.format(API_DATE_FORMAT) ?? null;
  const problem = periodProblem(start, finish, TIME_BREAKDOWN_MAX_DAYS);
  const search = () => {
    if (problem || !start || !finish) return;
    const next = { find_start: start, find_finish: finish, branch_queue_type_id: line };
    if (JSON.stringify(next) === JSON.stringify(query)) void report.refetch();
    else setQuery(next);
  };

  const data = report.data;
  const used = data ? stagesUsed(data.totals) : [];
  const minutes = (seconds: number | null) =>
    formatDuration(t, seconds, 'floor', { style: 'short', days: true });
  const shortDay = (day: string) =>
    dates.text(noon(day), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDay = (day: string) =>
    dates.text(noon(day), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const hourRange = (key: string) => `${hourLabel(Number(key))}:00–${hourLabel(Number(key))}:59`;
  const heatChoice: TimeStage = used.includes(heatStage) ? heatStage : (used[0] ?? 'wait_call');
  const heat = data
    ? heatRows(
        data.days.map((d) => d.day),
        data.cells,
        heatChoice,
      )
    : { rows: [], max: 0 };

  const card = (
    testId: string,
    title: string,
    hint: string,
    body: React.ReactNode,
    extra?: React.ReactNode,
  ) => (
    <Card size={cardSize} data-testid={testId}>
      <Flex justify="space-between" align="flex-start" gap={8} wrap style={{ marginBottom: 12 }}>
        <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </Flex>
        {extra}
      </Flex>
      {body}
    </Card>
  );
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.timeBreakdown.empty')} />;

  return (
    <Flex vertical gap={16}>
      <ReportFilters
        period={{
          id: 'time-breakdown-range',
          value: range,
          onChange: setRange,
          today,
          error: problem ? periodProblemText(t, problem, TIME_BREAKDOWN_MAX_DAYS) : null,
        }}
        searching={report.isFetching}
        onSearch={search}
        exporter={{
          label: t('reports.timeBreakdown.export'),
          busy: exporter.exporting,
          disabled: !data,
          onExport: () => exporter.start(query),
        }}
      >
        <Form.Item
          label={t('reports.timeBreakdown.line')}
          htmlFor="time-breakdown-line"
          style={{ marginBottom: 0, flex: '1 1 180px', minWidth: 0, maxWidth: 320 }}
        >
          <Select
            id="time-breakdown-line"
            value={line}
            onChange={setLine}
            options={[
              { value: 0, label: t('reports.timeBreakdown.allLines') },
              ...(data?.lines ?? []).map((l) => ({ value: l.id, label: `${l.prefix} ${l.name}` })),
            ]}
          />
        </Form.Item>
      </ReportFilters>
      <ExportFailure error={exporter.error} onClose={exporter.clearError} />
      <ResultHeading
        title={t('reports.timeBreakdown.title', {
          period: periodLabel({ start: query.find_start, finish: query.find_finish }, calendar),
        })}
        extra={
          data && (
            <Typography.Text type="secondary">
              {t('reports.timeBreakdown.trucksCount', { n: data.trucks })}
            </Typography.Text>
          )
        }
      />
      {report.isError && <QueryFailure error={report.error} onRetry={() => void report.refetch()} />}
      {!data && report.isFetching && <Spin />}
      {data && (
        <>
          <Card size={cardSize} data-testid="time-totals">
            <Flex gap={24} wrap>
              {data.totals
                .filter((s) => s.trucks > 0)
                .map((s) => (
                  <Statistic
                    key={s.stage}
                    title={
                      <Flex gap={6} align="center">
                        <span
                          style={{ width: 10, height: 10, borderRadius: 2, background: colour(s.stage) }}
                        />
                        {t(`reports.timeBreakdown.stage.${s.stage}`)}
                      </Flex>
                    }
                    value={minutes(s.average_seconds)}
                    valueStyle={{ fontSize: 20 }}
                  />
                ))}
              {data.trucks === 0 && empty}
            </Flex>
          </Card>
          {card(
            'time-by-hour',
            t('reports.timeBreakdown.byHourTitle'),
            t('reports.timeBreakdown.byHourHint'),
            data.trucks === 0 ? (
              empty
            ) : (
              <StageChart
                bars={hourBars(data)}
                stages={used}
                label={(key) => hourLabel(Number(key))}
                title={hourRange}
                name={t('reports.timeBreakdown.byHourTitle')}
              />
            ),
          )}
          {data.days.length > 1 &&
            card(
              'time-by-day',
              t('reports.timeBreakdown.byDayTitle'),
              t('reports.timeBreakdown.byDayHint'),
              data.trucks === 0 ? (
                empty
              ) : (
                <StageChart
                  bars={dayBars(data)}
                  stages={used}
                  label={shortDay}
                  title={longDay}
                  name={t('reports.timeBreakdown.byDayTitle')}
                />
              ),
            )}
          {card(
            'time-heat',
            t('reports.timeBreakdown.heatTitle', { stage: t(`reports.timeBreakdown.stage.${heatChoice}`) }),
            t('reports.timeBreakdown.heatHint'),
            data.trucks === 0 ? (
              empty
            ) : (
              <HeatMap
                rows={heat.rows}
                max={heat.max}
                firstHour={data.first_hour}
                dayLabel={shortDay}
                name={t('reports.timeBreakdown.heatTitle', {
                  stage: t(`reports.timeBreakdown.stage.${heatChoice}`),
                })}
              />
            ),
            used.length > 1 &&
              (wide ? (
                <Segmented<TimeStage>
                  size="small"
                  value={heatChoice}
                  onChange={setHeatStage}
                  options={used.map((stage) => ({
                    value: stage,
                    label: t(`reports.timeBreakdown.stage.${stage}`),
                  }))}
                  style={{ maxWidth: '100%', overflowX: 'auto' }}
                />
              ) : (
                // A phone: the stages do not fit side by side.
                <Select<TimeStage>
                  value={heatChoice}
                  onChange={setHeatStage}
                  aria-label={t('reports.timeBreakdown.heatStage')}
                  options={used.map((stage) => ({
                    value: stage,
                    label: t(`reports.timeBreakdown.stage.${stage}`),
                  }))}
                  style={{ width: '100%' }}
                />
              )),
          )}
          {card(
            'time-stations-card',
            t('reports.timeBreakdown.stationsTitle'),
            t('reports.timeBreakdown.stationsHint'),
            <StationTable rows={data.stations} firstHour={data.first_hour} loading={report.isFetching} />,
          )}
          {card(
            'time-officers-card',
            t('reports.timeBreakdown.officersTitle'),
            t('reports.timeBreakdown.officersHint'),
            <OfficerTable rows={data.officers} loading={report.isFetching} />,
          )}
        </>
      )}
    </Flex>
  );
}
