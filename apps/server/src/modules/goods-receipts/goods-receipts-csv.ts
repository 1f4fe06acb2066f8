import type { GoodsReceipt } from '@truck-queue/shared/contracts/goods-receipt.contract';

/** Excel reads a CSV file as UTF-8 (and so its Thai) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/**
 * A cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would
 * take for a formula (= + - @) is written after an apostrophe. Numbers are written as they are.
 */
function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The columns, in order: stable English names an ERP's import maps (docs/administration.md, "ERP goods receipts"). */
const COLUMNS: [string, (r: GoodsReceipt) => string | number | boolean | null][] = [
  ['receipt_id', (r) => r.id],
  ['version', (r) => r.version],
  ['corrects', (r) => r.corrects],
  ['cancelled', (r) => r.cancelled],
  ['day', (r) => r.day],
  ['plant_code', (r) => r.plant_code],
  ['movement_type', (r) => r.movement_type],
  ['ticket', (r) => r.ticket.queue_number],
  ['plate', (r) => r.plate],
  ['product', (r) => r.product?.name ?? null],
  ['material_code', (r) => r.product?.erp_code ?? null],
  ['supplier_code', (r) => r.supplier?.code ?? null],
  ['supplier_name', (r) => r.supplier?.name ?? null],
  ['vendor_code', (r) => r.supplier?.erp_code ?? null],
  ['season', (r) => r.supplier?.season ?? null],
  ['booking', (r) => r.booking_code],
  ['gross_kg', (r) => r.gross_kg],
  ['tare_kg', (r) => r.tare_kg],
  ['net_kg', (r) => r.net_kg],
  ['deducted_kg', (r) => r.deducted_kg],
  ['paid_kg', (r) => r.paid_kg],
  ['deductions', (r) => r.deductions.map((d) => `${d.name} ${d.percent}% ${d.kg}`).join('; ')],
  ['lab_values', (r) => r.lab_values.map((v) => `${v.name}=${v.value}${v.unit}`).join('; ')],
  ['weigh_in_at', (r) => r.weigh_in_at],
  ['weigh_out_at', (r) => r.weigh_out_at],
  ['created', (r) => r.created],
];

/** A day's receipts as CSV: UTF-8 with its BOM, a header row, a row per receipt version, CRLF line ends. */
export function receiptsCsv(receipts: readonly GoodsReceipt[]): string {
  const lines = [
    COLUMNS.map(([name]) => name).join(','),
    ...receipts.map((r) => COLUMNS.map(([, value]) => cell(value(r))).join(',')),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
