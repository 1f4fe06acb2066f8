import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HEADER_SESSION } from '@truck-queue/shared/contracts/api';
import {
  IN_OUT_MAX_ROWS,
  REPORT_DOWNLOAD_PATH,
  REPORT_EXPORT_MAX_ROWS,
  reportContracts,
} from '@truck-queue/shared/contracts/report.contract';
import { scorecardContracts } from '@truck-queue/shared/contracts/scorecard.contract';
import { timeBreakdownContracts } from '@truck-queue/shared/contracts/time-breakdown.contract';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { headerValue, requireApiKey, type RegisterCall } from '../../http/register-call.ts';
import type { DashboardService } from './dashboard.service.ts';
import { createExportGate } from './export-gate.ts';
import type { InOutService } from './in-out.service.ts';
import type { LineOrderReportService } from './line-order-report.service.ts';
import type { ReportExports } from './report-exports.ts';
import { inOutWorkbook, summaryWorkbook } from './report-workbooks.ts';
import type { ScorecardsService } from './scorecards.service.ts';
import { scorecardsWorkbook } from './scorecards-workbook.ts';
import type { SummaryService } from './summary.service.ts';
import type { TimeBreakdownService } from './time-breakdown.service.ts';
import { timeBreakdownWorkbook } from './time-breakdown-workbook.ts';

const TokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) });

export function registerReportRoutes(
  register: RegisterCall,
  services: {
    dashboard: DashboardService;
    inOut: InOutService;
    exports: ReportExports;
    summary: SummaryService;
    lineOrder: LineOrderReportService;
    timeBreakdown: TimeBreakdownService;
    scorecards: ScorecardsService;
  },
  download: {
    app: FastifyInstance;
    apiKey: string;
    authenticate(token: string): Promise<AuthContext | null>;
  },
): void {
  const { dashboard, inOut, exports } = services;

  register(reportContracts.periodDashboardByQueueType, async ({ auth, body }) => ({
    status: 1,
    ...(await dashboard.periodByQueueType(auth, body.find_start, body.find_finish)),
  }));

  register(reportContracts.dashboardTrends, async ({ auth, body }) => ({
    status: 1,
    ...(await dashboard.trends(auth, body.find_start, body.find_finish)),
  }));

  register(reportContracts.lineOrderReport, async ({ auth, body }) => ({
    status: 1,
    ...(await services.lineOrder.report(auth, { start: body.find_start, finish: body.find_finish })),
  }));

  register(reportContracts.reportProducts, async ({ auth }) => ({
    status: 1,
    product: await inOut.products(auth),
  }));

  register(reportContracts.inOutTransaction, async ({ auth, body }) => ({
    status: 1,
    ...(await inOut.rows(auth, inOutFilterOf(body), IN_OUT_MAX_ROWS)),
  }));

  // An export holds its rows and workbook in memory while it is made: the gate bounds how many
  // are made at once (one per officer, a few per process), from the query to the stored file.
  const gate = createExportGate();

  /** The rows of an export, refused when the period holds more than one file may. */
  function capped<T>(found: { rows: T[]; total: number }): T[] {
    if (found.total > found.rows.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The period holds ${found.total} rows; an export holds at most ${REPORT_EXPORT_MAX_ROWS}. Choose a shorter period.`,
        [{ path: 'find_finish', message: 'too many rows for one export' }],
      );
    }
    return found.rows;
  }

  /** "รายงานรถเข้า-ออก_2026-11-20.xlsx", or with both days for a longer period. */
  const fileName = (report: string, body: { find_start: string; find_finish: string }) =>
    `${report}_${body.find_start === body.find_finish ? body.find_start : `${body.find_start}_${body.find_finish}`}.xlsx`;

  /** Keeps the file for this session and answers where to download it. */
  async function stored(auth: AuthContext, name: string, content: Buffer, rows: number) {
    const token = await exports.save(auth, name, content);
    return { status: 1 as const, excel_url: `${REPORT_DOWNLOAD_PATH}${token}`, rows };
  }

  register(reportContracts.inOutTransactionExport, ({ auth, body }) =>
    gate.run(auth.officerId, async () => {
      const filter = inOutFilterOf(body);
      const found = await inOut.rows(auth, filter, REPORT_EXPORT_MAX_ROWS);
      const rows = capped(found);
      const product = filter.productId
        ? (await inOut.products(auth)).find((p) => p.id === filter.productId)
        : undefined;
      const content = await inOutWorkbook(
        rows,
        {
          start: filter.start,
          finish: filter.finish,
          license: filter.license,
          // A product of another branch matches nothing: the file says which id was asked for.
          productName: filter.productId ? (product?.name ?? `#${filter.productId}`) : null,
          voided: found.voided,
        },
        await exports.workbookOptions(auth),
      );
      return stored(auth, fileName('รายงานรถเข้า-ออก', body), content, rows.length);
    }),
  );

  register(reportContracts.summaryReportExport, ({ auth, body }) =>
    gate.run(auth.officerId, async () => {
      const filter = {
        start: body.find_start,
        finish: body.find_finish,
        license: body.find_license,
        supplierId: body.find_supplier,
        sortField: body.sort_field,
        sortOrder: body.sort_order,
      };
      const rows = capped(await services.summary.rows(auth, filter, REPORT_EXPORT_MAX_ROWS));
      const totals = await services.summary.totals(auth, filter);
      const content = await summaryWorkbook(rows, totals, filter, await exports.workbookOptions(auth));
      return stored(auth, fileName('รายงานสรุป', body), content, rows.length);
    }),
  );

  const breakdownQuery = (body: {
    find_start: string;
    find_finish: string;
    branch_queue_type_id: number;
  }) => ({
    start: body.find_start,
    finish: body.find_finish,
    branchQueueTypeId: body.branch_queue_type_id,
  });

  register(timeBreakdownContracts.timeBreakdownReport, async ({ auth, body }) => ({
    status: 1,
    ...(await services.timeBreakdown.report(auth, breakdownQuery(body))),
  }));

  register(timeBreakdownContracts.timeBreakdownExport, ({ auth, body }) =>
    gate.run(auth.officerId, async () => {
      const query = breakdownQuery(body);
      const report = await services.timeBreakdown.report(auth, query);
      const content = await timeBreakdownWorkbook(
        report,
        {
          start: query.start,
          finish: query.finish,
          lineName: await services.timeBreakdown.lineName(auth, query.branchQueueTypeId),
        },
        await exports.workbookOptions(auth),
      );
      return stored(auth, fileName('รายงานเวลาแต่ละช่วง', body), content, report.trucks);
    }),
  );

  const scorecardQuery = (body: { find_start: string; find_finish: string; sort: 'worst' | 'name' }) => ({
    start: body.find_start,
    finish: body.find_finish,
    sort: body.sort,
  });

  register(scorecardContracts.scorecardsReport, async ({ auth, body }) => ({
    status: 1,
    rows: await services.scorecards.report(auth.branchId, scorecardQuery(body)),
  }));

  register(scorecardContracts.scorecardsExport, ({ auth, body }) =>
    gate.run(auth.officerId, async () => {
      const query = scorecardQuery(body);
      const rows = await services.scorecards.report(auth.branchId, query);
      const content = await scorecardsWorkbook(rows, query, await exports.workbookOptions(auth));
      return stored(auth, fileName('รายงานผลงานผู้ส่ง', body), content, rows.length);
    }),
  );

  register(reportContracts.summaryTotals, async ({ auth, body }) => ({
    status: 1,
    ...(await services.summary.totals(auth, {
      start: body.find_start,
      finish: body.find_finish,
      license: body.find_license,
      supplierId: body.find_supplier,
    })),
  }));

  register(reportContracts.summaryReport, async ({ auth, body }) => ({
    status: 1,
    ...(await services.summary.page(auth, summaryPageOf(body))),
  }));

  // The file itself: GET, with the same API key and the session that asked for it.
  download.app.get(`${REPORT_DOWNLOAD_PATH}:token`, async (request, reply) => {
    requireApiKey(request, download.apiKey);
    const session = headerValue(request, HEADER_SESSION);
    const auth = session ? await download.authenticate(session) : null;
    if (!auth)
      throw new AppError('UNAUTHENTICATED', 'Sign in first: the session is missing, expired or ended.');
    const params = TokenSchema.safeParse(request.params);
    const file = params.success ? await exports.find(auth, params.data.token) : null;
    if (!file)
      throw new AppError('NOT_FOUND', 'This export was not found: it expired or belongs to another session.');
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}

/** The in/out report's filter as its calls send it (the screen's, its export's, an integration's). */
export const inOutFilterOf = (body: {
  find_start: string;
  find_finish: string;
  find_license: string;
  find_product: number;
  find_supplier: number;
}) => ({
  start: body.find_start,
  finish: body.find_finish,
  license: body.find_license,
  productId: body.find_product,
  supplierId: body.find_supplier,
});

/** One page of the summary as its calls ask for it (the screen's and an integration's). */
export const summaryPageOf = (body: z.output<typeof reportContracts.summaryReport.body>) => ({
  start: body.find_start,
  finish: body.find_finish,
  license: body.find_license,
  supplierId: body.find_supplier,
  page: body.page,
  pageSize: body.page_size,
  sortField: body.sort_field,
  sortOrder: body.sort_order,
});
