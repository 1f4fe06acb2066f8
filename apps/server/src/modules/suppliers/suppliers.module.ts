import type { PlantDays } from '../../lib/plant-days.ts';
import type { ModuleHost } from '../module-host.ts';
import type { Line } from '../notifications/line.ts';
import type { ReportExports } from '../reports/report-exports.ts';
import type { ScorecardsService } from '../reports/scorecards.service.ts';
import { createSupplierGradesRepository } from './supplier-grades.repository.ts';
import { createSupplierGradesService, type SupplierGradesService } from './supplier-grades.service.ts';
import { createSuppliersRepository } from './suppliers.repository.ts';
import { registerSupplierRoutes } from './suppliers.routes.ts';
import { createSuppliersService } from './suppliers.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The suppliers' daily grades and their LINE messages (tests run the job by hand). */
    supplierGrades: SupplierGradesService;
  }
}

/** How often the grade job looks (each supplier is graded once a plant day, at the first look of the day). */
export const SUPPLIER_GRADE_EVERY_MS = 60 * 60_000;

/**
 * Who brings the loads (issue 39): the branch's suppliers and their vehicles, kept by the office
 * and found by the ticket desk (the queue reads a ticket's supplier by its plate itself). Its
 * export is downloaded as the reports' are. Issue 41: each supplier's daily grade, and LINE to
 * its linked chat when the grade changes (the job runs where the alerts' jobs run: `alertJobs`).
 */
export function registerSuppliersModule(
  host: ModuleHost,
  deps: {
    exports: Pick<ReportExports, 'save' | 'workbookOptions'>;
    days: PlantDays;
    scorecards: ScorecardsService;
    line: Line | null;
  },
) {
  const { app, register, db, clock, options } = host;
  const suppliers = createSuppliersService({ repo: createSuppliersRepository(db), clock });
  registerSupplierRoutes(register, suppliers, deps.exports);
  const grades = createSupplierGradesService({
    db,
    repo: createSupplierGradesRepository(db),
    clock,
    days: deps.days,
    scorecards: deps.scorecards,
    line: deps.line,
    log: app.log,
  });
  deps.line?.addStaffChat(grades.staffChat);
  app.decorate('supplierGrades', grades);
  if (options.alertJobs) {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = grades
        .run()
        .catch((error: unknown) => app.log.error({ err: error }, 'the suppliers could not be graded'))
        .finally(() => {
          running = null;
        });
    };
    app.addHook('onListen', () => {
      tick();
      timer = setInterval(tick, SUPPLIER_GRADE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  }
  return { suppliers, grades };
}
