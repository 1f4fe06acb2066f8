import type { Supplier } from '@truck-queue/shared/contracts/supplier.contract';
import { textCell, writeXlsx, type Calendar, type XlsxCell } from '../../lib/xlsx.ts';
import { COLUMN_HEADERS, KIND_WORDS, SHEET_COLUMNS, type SheetColumn } from './supplier-sheet.ts';

/**
 * The branch's suppliers as a workbook in the import's own columns (supplier-sheet.ts): what the
 * office edits and imports again, and the template of a first import.
 */
export function suppliersWorkbook(
  suppliers: readonly Supplier[],
  place: { companyName: string; branchName: string; calendar: Calendar },
): Promise<Buffer> {
  const cell: Record<SheetColumn, (s: Supplier) => XlsxCell> = {
    code: (s) => textCell(s.code),
    name: (s) => textCell(s.name),
    kind: (s) => KIND_WORDS[s.kind].written,
    phone: (s) => s.phone,
    tax_id: (s) => s.tax_id,
    leader_code: (s) => (s.leader ? textCell(s.leader.code) : null),
    vehicles: (s) => (s.vehicles.length > 0 ? textCell(s.vehicles.join(', ')) : null),
    // One per plate, in the plates' order: what the import reads back.
    tags: (s) =>
      Object.keys(s.vehicle_tags).length > 0
        ? textCell(s.vehicles.map((plate) => s.vehicle_tags[plate] ?? '-').join(', '))
        : null,
    active: (s) => (s.active ? 'ใช่' : 'ไม่'),
  };
  return writeXlsx({
    sheetName: 'ผู้ส่งวัตถุดิบ',
    heading: [
      'ผู้ส่งวัตถุดิบ',
      [place.companyName, place.branchName].filter(Boolean).join(' · '),
      `${suppliers.length.toLocaleString('en-US')} ราย · แก้ไขแล้วนำเข้าได้ที่หน้า ผู้ส่งวัตถุดิบ > นำเข้า`,
    ],
    columns: SHEET_COLUMNS.map((column) => ({
      header: COLUMN_HEADERS[column].written,
      kind: 'text' as const,
    })),
    rows: suppliers.map((s) => SHEET_COLUMNS.map((column) => cell[column](s))),
    calendar: place.calendar,
  });
}
