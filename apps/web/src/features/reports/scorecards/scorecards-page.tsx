import { useState } from 'react';
import { Drawer, Flex, Form, Segmented, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SCORECARD_MAX_DAYS, type ScorecardRow } from '@truck-queue/shared/contracts/scorecard.contract';
import { worseFirst } from '@truck-queue/shared/suppliers/scorecard-grade';
import { useCalendar } from '../../../lib/calendar-context.tsx';
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
import { GradeRule, GradeTag } from './grade-rule.tsx';
import { ScorecardDetail, tonnes } from './scorecard-detail.tsx';
import { useScorecards, useScorecardsExport, type ScorecardsQuery } from './use-scorecards.ts';

type Sort = ScorecardsQuery['sort'];
/** Which rows the table shows: a plate's row is a truck that came with no supplier. */
type Who = 'all' | 'suppliers' | 'plates';
/** The whole-number columns a header click sorts. */
type CountKey = 'trucks' | 'bookings' | 'on_time' | 'late' | 'no_shows' | 'rejected' | 'rechecked';

/**
 * /Report/scorecards (issue 41): per supplier, and per plate for trucks that came with no
 * supplier, the period's trucks, tonnes, punctuality against bookings, no-shows, rejected and
 * rechecked loads, lab averages, deductions and dwell, with a grade and the rule that made it.
 */
export function ScorecardsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const cardSize = useCardSize();
  const calendar = useCalendar();
  const today = usePlantToday();
  const [range, setRange] = useState<DayRange>(() => [dayjs(today).subtract(29, 'day'), dayjs(today)]);
  const [sort, setSort] = useState<Sort>('worst');
  const [query, setQuery] = useState<ScorecardsQuery>(() => ({
    find_start: dayjs(today).subtract(29, 'day').format(API_DATE_FORMAT),
    find_finish: today,
    sort: 'worst',
  }));
  const [open, setOpen] = useState<string | null>(null);
  const [who, setWho] = useState<Who>('all');
  const report = useScorecards(query, query.find_finish >= today);
  const exporter = useExportFeedback(useScorecardsExport());

  const start = range[0]?.format(API_DATE_FORMAT) ?? null;
  const finish = range[1]?.format(API_DATE_FORMAT) ?? null;
  const problem = periodProblem(start, finish, SCORECARD_MAX_DAYS);
  const search = () => {
    if (problem || !start || !finish) return;
    const next = { find_start: start, find_finish: finish, sort };
    if (JSON.stringify(next) === JSON.stringify(query)) void report.refetch();
    else setQuery(next);
  };

  const all = report.data?.rows ?? [];
  const rows = who === 'all' ? all : all.filter((r) => (r.supplier_id !== null) === (who === 'suppliers'));
  const selected = all.find((r) => r.key === open) ?? null;
  const count = (n: number) => n.toLocaleString(locale);
  const number = (key: CountKey, title: string, danger = false) => ({
    key,
    title,
    align: 'end' as const,
    sorter: (a: ScorecardRow, b: ScorecardRow) => a[key] - b[key],
    render: (_v: unknown, r: ScorecardRow) => {
      const value = r[key];
      return danger && value > 0 ? (
        <Typography.Text type="danger">{count(value)}</Typography.Text>
      ) : (
        count(value)
      );
    },
  });
  const columns: TableColumnsType<ScorecardRow> = [
    {
      key: 'grade',
      title: t('reports.scorecards.grade'),
      fixed: 'left',
      width: 96,
      sorter: (a, b) => worseFirst(a, b),
      render: (_v, r) => <GradeTag grade={r.grade} />,
    },
    {
      key: 'name',
      title: t('reports.scorecards.who'),
      sorter: (a, b) => a.name.localeCompare(b.name, locale),
      render: (_v, r) => (
        <Flex vertical gap={0}>
          <Typography.Link onClick={() => setOpen(r.key)}>{r.name}</Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.supplier_code ?? t('reports.scorecards.byPlate')}
          </Typography.Text>
        </Flex>
      ),
    },
    number('trucks', t('reports.scorecards.trucks')),
    {
      key: 'net',
      title: t('reports.scorecards.netTonnes'),
      align: 'end',
      sorter: (a, b) => a.net_kg - b.net_kg,
      render: (_v, r) => tonnes(r.net_kg, locale),
    },
    {
      key: 'paid',
      title: t('reports.scorecards.paidTonnes'),
      align: 'end',
      sorter: (a, b) => a.paid_kg - b.paid_kg,
      render: (_v, r) => tonnes(r.paid_kg, locale),
    },
    number('bookings', t('reports.scorecards.bookings')),
    number('on_time', t('reports.scorecards.onTime')),
    number('late', t('reports.scorecards.late'), true),
    number('no_shows', t('reports.scorecards.noShows'), true),
    number('rejected', t('reports.scorecards.rejected'), true),
    number('rechecked', t('reports.scorecards.rechecked'), true),
    {
      key: 'deducted',
      title: t('reports.scorecards.deductedTonnes'),
      align: 'end',
      sorter: (a, b) => a.deducted_kg - b.deducted_kg,
      render: (_v, r) => tonnes(r.deducted_kg, locale),
    },
    {
      key: 'dwell',
      title: t('reports.scorecards.dwell'),
      align: 'end',
      sorter: (a, b) => (a.dwell_median_seconds ?? -1) - (b.dwell_median_seconds ?? -1),
      render: (_v, r) => formatDuration(t, r.dwell_median_seconds, 'floor', { style: 'short', days: true }),
    },
    {
      key: 'points',
      title: t('reports.scorecards.pointsTitle'),
      align: 'end',
      sorter: (a, b) => (a.points ?? -1) - (b.points ?? -1),
      render: (_v, r) => (r.points === null ? '–' : r.points.toLocaleString(locale)),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ReportFilters
        period={{
          id: 'scorecards-range',
          value: range,
          onChange: setRange,
          today,
          error: problem ? periodProblemText(t, problem, SCORECARD_MAX_DAYS) : null,
        }}
        searching={report.isFetching}
        onSearch={search}
        exporter={{
          label: t('reports.scorecards.export'),
          busy: exporter.exporting,
          disabled: !report.data,
          onExport: () => exporter.start(query),
        }}
      >
        <Form.Item label={t('reports.scorecards.sort')} style={{ marginBottom: 0 }}>
          <Segmented<Sort>
            value={sort}
            onChange={setSort}
            options={[
              { value: 'worst', label: t('reports.scorecards.sortWorst') },
              { value: 'name', label: t('reports.scorecards.sortName') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('reports.scorecards.show')} style={{ marginBottom: 0 }}>
          <Segmented<Who>
            value={who}
            onChange={setWho}
            options={[
              { value: 'all', label: t('reports.scorecards.showAll') },
              { value: 'suppliers', label: t('reports.scorecards.showSuppliers') },
              { value: 'plates', label: t('reports.scorecards.showPlates') },
            ]}
          />
        </Form.Item>
      </ReportFilters>
      <ExportFailure error={exporter.error} onClose={exporter.clearError} />
      <GradeRule />
      <ResultHeading
        title={t('reports.scorecards.title', {
          period: periodLabel({ start: query.find_start, finish: query.find_finish }, calendar),
        })}
        extra={
          report.data && (
            <Typography.Text type="secondary">
              {t('reports.scorecards.rowsCount', { count: rows.length })}
            </Typography.Text>
          )
        }
      />
      {report.isError && <QueryFailure error={report.error} onRetry={() => void report.refetch()} />}
      {!report.data && report.isFetching && <Spin />}
      {report.data && (
        <Table<ScorecardRow>
          size="small"
          data-testid="scorecards-table"
          columns={columns}
          dataSource={rows}
          rowKey={(r) => r.key}
          loading={report.isFetching}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          // A phone scrolls the table sideways, the grade column held.
          scroll={{ x: 'max-content' }}
          onRow={(r) => ({ onClick: () => setOpen(r.key), style: { cursor: 'pointer' } })}
          locale={{ emptyText: t('reports.scorecards.empty') }}
        />
      )}
      <Drawer
        open={selected !== null}
        onClose={() => setOpen(null)}
        title={
          selected ? `${selected.name}${selected.supplier_code ? ` (${selected.supplier_code})` : ''}` : ''
        }
        width={cardSize === 'small' ? '100%' : 520}
        destroyOnHidden
      >
        {selected && <ScorecardDetail row={selected} />}
      </Drawer>
    </Flex>
  );
}
