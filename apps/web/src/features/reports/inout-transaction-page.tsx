import { useMemo, useState } from 'react';
import { Alert, Card, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCalendar } from '../../lib/calendar-context.tsx';
import { durationWords } from '../../lib/durations.ts';
import { config } from '../../lib/config.ts';
import type { InOutFilter } from './api/query-keys.ts';
import { useInOutExport } from './api/use-report-export.ts';
import { useInOutReport } from './api/use-in-out-report.ts';
import { ExportFailure, useExportFeedback } from './components/export-feedback.tsx';
import { InOutFilters, type InOutDraft } from './components/in-out-filters.tsx';
import { InOutTable } from './components/in-out-table.tsx';
import { periodLabel, periodProblemText } from './components/period-text.ts';
import { QueryFailure } from './components/query-failure.tsx';
import { ResultHeading } from './components/result-heading.tsx';
import { useCardSize } from './components/use-card-size.ts';
import { QueueHistoryDrawer } from '../queue-history/queue-history-drawer.tsx';
import { inOutLines, type InOutLine } from './in-out-rows.ts';
import { periodProblem } from './period.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';

function todayDraft(today: string): InOutDraft {
  return { start: today, finish: today, licence: '', product: 0, supplier: 0 };
}

/** The draft as the call's body, or null while its period is not valid. */
function toFilter(draft: InOutDraft): InOutFilter | null {
  if (periodProblem(draft.start, draft.finish) || !draft.start || !draft.finish) return null;
  return {
    find_start: draft.start,
    find_finish: draft.finish,
    find_license: draft.licence.trim(),
    find_product: draft.product,
    find_supplier: draft.supplier,
  };
}

const sameFilter = (a: InOutFilter | null, b: InOutFilter | null) => JSON.stringify(a) === JSON.stringify(b);

/** /Report/inoutTransaction: every truck of a period, in and out, with an Excel export. */
export function InoutTransactionPage() {
  const { t } = useTranslation();
  const cardSize = useCardSize();
  const words = useMemo(() => durationWords(t), [t]);
  const calendar = useCalendar();
  const today = usePlantToday();
  const [draft, setDraft] = useState<InOutDraft>(() => todayDraft(today));
  // Today's report loads on arrival, as if View report had been pressed.
  const [applied, setApplied] = useState<InOutFilter | null>(() => toFilter(todayDraft(today)));
  const [historyOf, setHistoryOf] = useState<InOutLine | null>(null);
  const report = useInOutReport(applied);
  const exporter = useExportFeedback(useInOutExport());

  const problem = periodProblem(draft.start, draft.finish);
  // Said as soon as the dates are wrong (neither date is moved); View and Export send nothing until they are right.
  const problemText = problem ? periodProblemText(t, problem) : null;

  const lines = useMemo(
    () => (report.data ? inOutLines(report.data.rows, config.siteTimeZone, calendar, words) : []),
    [report.data, calendar, words],
  );

  /** The draft, checked; null when the period is wrong (its problem is on screen already). */
  const checkedFilter = (): InOutFilter | null => toFilter(draft);

  const view = () => {
    const filter = checkedFilter();
    if (!filter) return;
    if (sameFilter(filter, applied)) void report.refetch();
    else setApplied(filter);
  };

  const exportFile = () => {
    const filter = checkedFilter();
    if (!filter || exporter.exporting) return;
    // The screen shows what the file holds (up to its own limit).
    if (!sameFilter(filter, applied)) setApplied(filter);
    exporter.start(filter);
  };

  const data = report.data;
  const showing = data && !report.isPlaceholderData;
  const noData = showing && !report.isFetching && data.rows.length === 0;
  const cut = showing && data.total > data.rows.length;

  return (
    <Flex vertical gap={16}>
      <InOutFilters
        draft={draft}
        onChange={setDraft}
        periodError={problemText}
        onView={view}
        onExport={exportFile}
        viewing={report.isFetching}
        exporting={exporter.exporting}
      />

      <ExportFailure error={exporter.error} onClose={exporter.clearError} />

      <Card size={cardSize}>
        <ResultHeading
          title={
            applied
              ? t('reports.inOut.resultsTitle', {
                  period: periodLabel({ start: applied.find_start, finish: applied.find_finish }, calendar),
                })
              : t('reports.inOut.resultsTitleEmpty')
          }
          extra={
            data ? (
              <Flex gap={8} wrap>
                <Tag data-testid="inout-count" style={{ marginInlineEnd: 0 }}>
                  {t('reports.count', { count: data.total })}
                </Tag>
                {/* Voided tickets are in no row: counted apart, only when there are any. */}
                {data.voided > 0 && (
                  <Tooltip title={t('reports.inOut.voidedHint')}>
                    <Tag data-testid="inout-voided" color="default" style={{ marginInlineEnd: 0 }}>
                      {t('reports.inOut.voided', { count: data.voided })}
                    </Tag>
                  </Tooltip>
                )}
              </Flex>
            ) : undefined
          }
        />
        {report.isError && <QueryFailure error={report.error} onRetry={() => void report.refetch()} />}
        {noData && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('reports.inOut.noData')}
            description={t('reports.inOut.noDataHint')}
            style={{ marginBottom: 16 }}
          />
        )}
        {cut && (
          <Alert
            type="info"
            showIcon
            title={t('reports.inOut.cut', { shown: data.rows.length, total: data.total })}
            description={t('reports.inOut.cutHint')}
            style={{ marginBottom: 16 }}
          />
        )}
        <InOutTable lines={lines} loading={report.isFetching} onHistory={setHistoryOf} />
      </Card>
      <QueueHistoryDrawer
        uuid={historyOf?.uuid ?? null}
        queueNumber={historyOf?.queueNumber}
        onClose={() => setHistoryOf(null)}
      />
    </Flex>
  );
}
