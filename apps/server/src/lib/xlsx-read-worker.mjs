// Reads the first sheet of an uploaded .xlsx in its own thread, with its own memory limit (set by
// sheet-read.ts), so that a hostile file (a zip that inflates to gigabytes, a sheet of a million
// rows) stops this thread, never the server. Plain JavaScript, as xlsx-worker.mjs.
// workerData: { content: Uint8Array, maxRows, maxColumns }. Replies { rows: string[][] } (each
// cell's text as the sheet shows it, '' when empty) or { error, tooMany? }.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** A cell's text as a person reads it in the sheet: a formula's result, a date as YYYY-MM-DD. */
function cellText(cell) {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    if (result instanceof Date) return result.toISOString().slice(0, 10);
    return result === null || result === undefined ? '' : String(result);
  }
  return cell.text ?? String(value);
}

async function read({ content, maxRows, maxColumns }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [] };
  if (sheet.actualRowCount > maxRows) return { error: 'too many rows', tooMany: true };
  const rows = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells = [];
    for (let c = 1; c <= Math.min(row.cellCount, maxColumns); c++)
      cells.push(cellText(row.getCell(c)).trim());
    while (rows.length < number - 1) rows.push([]);
    rows.push(cells);
  });
  return { rows };
}

read(workerData).then(
  (reply) => parentPort.postMessage(reply),
  (error) => parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
