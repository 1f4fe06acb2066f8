import type { AuthContext } from '../../lib/auth-context.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { DeviceGatewayRepository } from '../device-gateway/device-gateway.repository.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { LabService } from '../lab/lab.service.ts';
import type { ModuleHost } from '../module-host.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import { registerBranchesOverviewRoutes } from './branches-overview.routes.ts';
import { createBranchesOverviewService } from './branches-overview.service.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createInOutService } from './in-out.service.ts';
import { createLineOrderReportService } from './line-order-report.service.ts';
import { createReportExports } from './report-exports.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { createScorecardsService } from './scorecards.service.ts';
import { createSummaryService } from './summary.service.ts';
import { createTimeBreakdownService } from './time-breakdown.service.ts';

/** The dashboard, the branches page and the reports: their calls, and the download of an export (which other modules' files use too). */
export function registerReportsModule(
  host: ModuleHost,
  deps: {
    days: PlantDays;
    reads: Pick<QueueReadsRepository, 'countInside'>;
    catalog: Pick<CatalogRepository, 'listBranchProducts'>;
    lab: Pick<LabService, 'measures' | 'resultsOf'>;
    /** The session a download's token belongs to (auth). */
    authenticate(token: string): Promise<AuthContext | null>;
    /** The branches an officer holds (auth: those the branch switcher offers), for the branches page. */
    auth: Pick<AuthService, 'branches'>;
    /** The branches' registered devices (the device gateway's rows), for the branches page. */
    devices: Pick<DeviceGatewayRepository, 'registeredDevicesOf'>;
  },
) {
  const { app, register, config, db, clock, live } = host;
  const summary = createSummaryService(db, deps.lab);
  const inOut = createInOutService({ db, catalog: deps.catalog, lab: deps.lab });
  const scorecards = createScorecardsService({ db, clock, lab: deps.lab });
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
      inOut,
      exports,
      summary,
      lineOrder: createLineOrderReportService(db),
      timeBreakdown: createTimeBreakdownService({
        db,
        days: deps.days,
        clock,
        timeZone: config.siteTimeZone,
      }),
      scorecards,
    },
    { app, apiKey: config.apiKey, authenticate: (token) => deps.authenticate(token) },
  );
  registerBranchesOverviewRoutes(
    register,
    createBranchesOverviewService({
      db,
      auth: deps.auth,
      devices: deps.devices,
      live,
      clock,
      timeZone: config.siteTimeZone,
    }),
  );
  // Other modules' spreadsheets are downloaded as the reports' are; integrations read the reports.
  return { exports, scorecards, inOut, summary };
}
