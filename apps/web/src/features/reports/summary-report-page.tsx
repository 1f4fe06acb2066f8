import { useState } from 'react';
import { Card, Flex, Tag } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useCalendar } from '../../lib/calendar-context.tsx';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { useSummaryExport } from './api/use-report-export.ts';
import { useSummaryReport } from './api/use-summary-report.ts';
import { useSummaryTotals } from './api/use-summary-totals.ts';
import { SummaryTotals } from './components/summary-totals.tsx';
import { ExportFailure, useExportFeedback } from './components/export-feedback.tsx';
import { periodLabel, periodProblemText } from './components/period-text.ts';
import { type DayRange } from './components/period-picker.tsx';
import { ReportFilters } from './components/report-filters.tsx';
import { QueryFailure } from './components/query-failure.tsx';
import { ResultHeading } from './components/result-heading.tsx';
import { SummaryPager } from './components/summary-pager.tsx';
import { SummaryTable } from './components/summary-table.tsx';
import { SupplierFilter } from './components/supplier-filter.tsx';
import { useCardSize } from './components/use-card-size.ts';
import { periodProblem, type Period } from './period.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { DEFAULT_SUMMARY_SORT, pageCount, pageKeepingFirstRow, type SummarySort } from './summary-paging.ts';

/** /Report/summary: the period's tickets with weights, lab and weighing times; paged and sorted on the server. */
export function SummaryReportPage() {
  const { t, i18n } = useTranslation();
  const cardSize = useCardSize();
  const calendar = useCalendar();
  const today = usePlantToday();
  const [range, setRange] = useState<DayRange>(() => [dayjs(today), dayjs(today)]);
  const [period, setPeriod] = useState<Period>({ start: today, finish: today });
  const [licence, setLicence] = useState('');
  const [supplier, setSupplier] = useState(0);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [sort, setSort] = useState<SummarySort>(DEFAULT_SUMMARY_SORT);

  // Trucks move while the report is open: a period that reaches today follows them.
  const live = period.finish >= today;
  const report = useSummaryReport(
    {
      find_start: period.start,
      find_finish: period.finish,
      find_license: licence,
      find_supplier: supplier,
      page,
      page_size: pageSize,
      sort_field: sort.field,
      sort_order: sort.order,
    },
    live,
  );

  // The totals follow the period and licence, not the page or the order.
  const totals = useSummaryTotals(
    { find_start: period.start, find_finish: period.finish, find_license: licence, find_supplier: supplier },
    live,
  );

  const total = report.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  // Fewer rows than before (a refetch, a narrower filter): stay on the last page that exists.
  if (report.data && !report.isPlaceholderData && page > pages) setPage(pages);

  const start = range[0]?.format(API_DATE_FORMAT) ?? null;
  const finish = range[1]?.format(API_DATE_FORMAT) ?? null;
  const problem = periodProblem(start, finish);

  /** The picked period, checked; null when it is wrong (its problem is on screen already). */
  const checkedPeriod = (): Period | null => {
    return problem || !start || !finish ? null : { start, finish };
  };

  const search = () => {
    const picked = checkedPeriod();
    if (!picked) return;
    if (picked.start === period.start && picked.finish === period.finish) {
      void report.refetch();
      void totals.refetch();
      return;
    }
    setPeriod(picked);
    setPage(1);
  };

  const exporter = useExportFeedback(useSummaryExport());
  /** Every row of the picked period and licence, in the table's order; the table shows that period too. */
  const exportFile = () => {
    const picked = checkedPeriod();
    if (!picked || exporter.exporting) return;
    if (picked.start !== period.start || picked.finish !== period.finish) {
      setPeriod(picked);
      setPage(1);
    }
    exporter.start({
      find_start: picked.start,
      find_finish: picked.finish,
      find_license: licence,
      find_supplier: supplier,
      sort_field: sort.field,
      sort_order: sort.order,
    });
  };

  const filtered = licence !== '';
  const tonnesText = (kg: number) =>
    (kg / 1000).toLocaleString(i18n.resolvedLanguage ?? i18n.language, {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    });

  return (
    <Flex vertical gap={16}>
      <ReportFilters
        period={{
          id: 'summary-range',
          value: range,
          onChange: setRange,
          today,
          // Said as soon as the dates are wrong; Search sends nothing until they are right.
          error: problem ? periodProblemText(t, problem) : null,
        }}
        searching={report.isFetching}
        onSearch={search}
        exporter={{
          label: t('reports.export.button'),
          busy: exporter.exporting,
          icon: <FileExcelOutlined aria-hidden />,
          onExport: exportFile,
        }}
      >
        <SupplierFilter
          id="summary-supplier"
          value={supplier}
          onChange={(next) => {
            setSupplier(next);
            setPage(1);
          }}
          style={{ flex: '0 1 260px', minWidth: 200, marginBottom: 0 }}
        />
      </ReportFilters>

      <ExportFailure error={exporter.error} onClose={exporter.clearError} />

      <Card size={cardSize}>
        <ResultHeading
          title={t('reports.summary.title', { period: periodLabel(period, calendar) })}
          extra={
            <Flex gap={8} wrap align="center">
              {filtered && (
                <Tag
                  closable
                  onClose={() => {
                    setLicence('');
                    setPage(1);
                  }}
                  style={{ marginInlineEnd: 0 }}
                >
                  {t('reports.summary.licenceFilter.active', { licence })}
                </Tag>
              )}
              {report.data && (
                <Tag data-testid="summary-count" style={{ marginInlineEnd: 0 }}>
                  {t('reports.count', { count: total })}
                </Tag>
              )}
              {totals.data && totals.data.period.weighed > 0 && (
                <Tag color="blue" data-testid="summary-tonnes" style={{ marginInlineEnd: 0 }}>
                  {t('reports.summary.totals.headline', {
                    net: tonnesText(totals.data.period.net_kg),
                    paid: tonnesText(totals.data.period.paid_kg),
                  })}
                </Tag>
              )}
            </Flex>
          }
        />
        {report.isError && <QueryFailure error={report.error} onRetry={() => void report.refetch()} />}
        <SummaryTable
          rows={report.data?.rows ?? []}
          loading={report.isFetching}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          licence={licence}
          onLicence={(next) => {
            setLicence(next);
            setPage(1);
          }}
          emptyText={filtered ? t('reports.summary.emptyFiltered') : t('reports.summary.empty')}
          pager={
            <SummaryPager
              page={Math.min(page, pages)}
              pageSize={pageSize}
              total={total}
              disabled={report.isPending}
              onPage={setPage}
              onPageSize={(size) => {
                // The first row on screen stays on screen.
                setPage(pageKeepingFirstRow(Math.min(page, pages), pageSize, size));
                setPageSize(size);
              }}
            />
          }
        />
      </Card>
      <Card size={cardSize}>
        <ResultHeading title={t('reports.summary.totals.title', { period: periodLabel(period, calendar) })} />
        {totals.isError && <QueryFailure error={totals.error} onRetry={() => void totals.refetch()} />}
        {totals.data && (
          <SummaryTotals days={totals.data.days} period={totals.data.period} loading={totals.isFetching} />
        )}
      </Card>
    </Flex>
  );
}
