import type { AuthContext } from '../../lib/auth-context.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { LabService } from '../lab/lab.service.ts';
import type { ModuleHost } from '../module-host.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createInOutService } from './in-out.service.ts';
import { createLineOrderReportService } from './line-order-report.service.ts';
import { createReportExports } from './report-exports.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { createSummaryService } from './summary.service.ts';

/** The dashboard and the reports: their calls, and the download of an export (which other modules' files use too). */
export function registerReportsModule(
  host: ModuleHost,
  deps: {
    days: PlantDays;
    reads: Pick<QueueReadsRepository, 'countInside'>;
    catalog: Pick<CatalogRepository, 'listBranchProducts'>;
    lab: Pick<LabService, 'measures' | 'resultsOf'>;
    /** The session a download's token belongs to (auth). */
    authenticate(token: string): Promise<AuthContext | null>;
  },
) {
  const { app, register, config, db, clock } = host;
  const summary = createSummaryService(db, deps.lab);
  const exports = createReportExports(db, clock, {
    timeZone: config.siteTimeZone,
    companyName: config.companyName,
  });
  registerReportRoutes(
    register,
    {
      dashboard: createDashboardService({
        db,
        days: deps.days,
        reads: deps.reads,
        summary,
        timeZone: config.siteTimeZone,
      }),
      inOut: createInOutService({ db, catalog: deps.catalog, lab: deps.lab }),
      exports,
      summary,
      lineOrder: createLineOrderReportService(db),
    },
    { app, apiKey: config.apiKey, authenticate: (token) => deps.authenticate(token) },
  );
  // Other modules' spreadsheets are downloaded as the reports' are.
  return { exports };
}
