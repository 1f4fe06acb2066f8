import type { ModuleHost } from '../module-host.ts';
import type { ReportExports } from '../reports/report-exports.ts';
import { createSuppliersRepository } from './suppliers.repository.ts';
import { registerSupplierRoutes } from './suppliers.routes.ts';
import { createSuppliersService } from './suppliers.service.ts';

/**
 * Who brings the loads (issue 39): the branch's suppliers and their vehicles, kept by the office
 * and found by the ticket desk (the queue reads a ticket's supplier by its plate itself). Its
 * export is downloaded as the reports' are.
 */
export function registerSuppliersModule(
  host: ModuleHost,
  deps: { exports: Pick<ReportExports, 'save' | 'workbookOptions'> },
) {
  const { register, db, clock } = host;
  const suppliers = createSuppliersService({ repo: createSuppliersRepository(db), clock });
  registerSupplierRoutes(register, suppliers, deps.exports);
  return { suppliers };
}
