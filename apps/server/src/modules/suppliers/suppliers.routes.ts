import { REPORT_DOWNLOAD_PATH } from '@truck-queue/shared/contracts/report.contract';
import {
  exportSuppliers,
  findSupplier,
  importSuppliers,
  listSuppliers,
  saveSupplier,
} from '@truck-queue/shared/contracts/supplier.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { ReportExports } from '../reports/report-exports.ts';
import { suppliersWorkbook } from './suppliers-workbook.ts';
import type { SuppliersService } from './suppliers.service.ts';

/** The office's suppliers (list, edit, import, export) and the ticket desk's search. */
export function registerSupplierRoutes(
  register: RegisterCall,
  suppliers: SuppliersService,
  exports: Pick<ReportExports, 'save' | 'workbookOptions'>,
): void {
  register(listSuppliers, async ({ auth, body }) => ({ status: 1, ...(await suppliers.list(auth, body)) }));

  register(saveSupplier, async ({ auth, body }) => ({
    status: 1,
    supplier: await suppliers.save(auth, body),
  }));

  register(importSuppliers, ({ auth, body }) =>
    suppliers.importFile(auth, {
      fileName: body.file_name,
      content: Buffer.from(body.content_base64, 'base64'),
      apply: body.apply,
    }),
  );

  // Downloaded as a report's export: kept for the session, fetched from REPORT_DOWNLOAD_PATH.
  register(exportSuppliers, async ({ auth, body }) => {
    const [rows, options] = await Promise.all([
      suppliers.sheet(auth, body.include_inactive),
      exports.workbookOptions(auth),
    ]);
    const content = await suppliersWorkbook(rows, {
      companyName: options.companyName,
      branchName: options.branchName,
      calendar: options.calendar ?? 'BE',
    });
    const token = await exports.save(auth, 'ผู้ส่งวัตถุดิบ.xlsx', content);
    return { status: 1, excel_url: `${REPORT_DOWNLOAD_PATH}${token}`, rows: rows.length };
  });

  register(findSupplier, async ({ auth, body }) => ({
    status: 1,
    suppliers: await suppliers.findForDesk(auth, body.find, body.licence),
  }));
}
