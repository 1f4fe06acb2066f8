// Builds one .xlsx in its own thread, so that a large export never blocks the server's event
// loop. Plain JavaScript: Node 20 does not apply --import loaders (tsx) inside worker threads.
// workerData: the XlsxSheets (xlsx.ts) of the workbook, each { sheetName, heading, columns:
// [{ header, kind }], rows, calendar, strongRows?, totalRow? } (cells are strings, numbers, Dates
// or null). Replies with the file's bytes, or { error }.
import { PassThrough } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import {
  COLUMN_KINDS,
  DATE_TIME_FORMATS,
  MAX_COLUMN_WIDTH,
  columnWidth,
  kgFormat,
  shownWidth,
  textWidth,
} from './sheet-layout.mjs';

/** What a cell with no value shows, as the screen does. */
const NO_VALUE = '-';

/** Light lines around each cell of the table, so that a printed row reads across. */
const LINE = { style: 'thin', color: { argb: 'FFC8D0D8' } };
const GRID = { top: LINE, left: LINE, bottom: LINE, right: LINE };

/** Header and footer text is a small language of its own: a literal & is written twice. */
const footerText = (text) => text.replace(/&/g, '&&');

async function build(sheets) {
  const sink = new PassThrough();
  const chunks = [];
  sink.on('data', (chunk) => chunks.push(chunk));
  const finished = new Promise((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Truck queue';
  workbook.title = sheets[0].heading[0] ?? sheets[0].sheetName;
  for (const sheet of sheets) addSheet(workbook, sheet);
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** Spreadsheet column letters of a 1-based column: 1 → A, 27 → AA. */
function columnLetters(n) {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

function addSheet(workbook, { sheetName, heading, columns, rows, calendar, strongRows = [], totalRow }) {
  // Widths first: every value of a column, as it will read.
  const widest = columns.map(() => 0);
  for (const cells of rows) {
    for (let i = 0; i < columns.length; i++) {
      const width = shownWidth(cells[i] ?? NO_VALUE, columns[i].kind, calendar);
      if (width > widest[i]) widest[i] = width;
    }
  }

  // The title block, a blank line, then the header row: repeated on every printed page, frozen
  // on screen, with the autofilter's buttons.
  const headerRow = heading.length + 2;
  const title = heading[0] ?? sheetName;
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ state: 'frozen', ySplit: headerRow }],
    pageSetup: {
      paperSize: 9, // A4
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0, // as many pages down as the rows need
      printTitlesRow: `${headerRow}:${headerRow}`,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: {
      oddFooter: `&L${footerText(title)}&Rหน้า &P / &N`,
    },
  });

  // Each body cell of a column shares one style object: ExcelJS then finds its style id at once
  // (a weak map), which keeps a 100,000-row export as quick as one without styles.
  const bodyStyles = columns.map((column, i) => {
    const kind = COLUMN_KINDS[column.kind];
    // A long free text wraps inside the widest column rather than stretch the page.
    const wrap = column.kind === 'text' && widest[i] + 3 > MAX_COLUMN_WIDTH;
    const numFmt = column.kind === 'date' ? DATE_TIME_FORMATS[calendar] : kind.numFmt;
    return {
      ...(numFmt ? { numFmt } : {}),
      // A digit's room from the cell's edge, so a number never touches the next column's text.
      alignment: {
        horizontal: kind.align,
        vertical: 'top',
        ...(kind.align === 'center' ? {} : { indent: 1 }),
        ...(wrap ? { wrapText: true } : {}),
      },
      // The lines go on the table's cells only: a column's style would draw them down the sheet.
      border: GRID,
    };
  });
  const kgStyles = new Map();
  /** A weight's style: its column's, with the format for a whole weight or one with a decimal. */
  const kgStyle = (i, value) => {
    const key = `${i} ${kgFormat(value)}`;
    if (!kgStyles.has(key)) kgStyles.set(key, { ...bodyStyles[i], numFmt: kgFormat(value) });
    return kgStyles.get(key);
  };

  sheet.columns = columns.map((column, i) => ({
    key: String(i),
    width: columnWidth(widest[i], textWidth(column.header), column.kind),
  }));

  heading.forEach((line, index) => {
    const row = sheet.addRow([line]);
    const cell = row.getCell(1);
    cell.alignment = { horizontal: 'left', vertical: 'middle' };
    cell.font = index === 0 ? { bold: true, size: 14 } : { size: 11 };
    if (index === 0) row.height = 24;
    row.commit();
  });
  sheet.addRow([]).commit();

  const lines = Math.max(...columns.map((c) => c.header.split('\n').length));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.height = 8 + lines * 16;
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    cell.border = { ...GRID, bottom: { style: 'thin', color: { argb: 'FF7F8C99' } } };
  });
  header.commit();
  sheet.autoFilter = {
    from: { row: headerRow, column: 1 },
    to: { row: headerRow, column: columns.length },
  };

  const strong = new Set(strongRows);
  rows.forEach((cells, index) => {
    const row = sheet.addRow(cells.map((value) => value ?? NO_VALUE));
    columns.forEach((column, i) => {
      const value = cells[i];
      const style = column.kind === 'kg' && typeof value === 'number' ? kgStyle(i, value) : bodyStyles[i];
      row.getCell(i + 1).style = strong.has(index) ? { ...style, font: { bold: true } } : style;
    });
    row.commit();
  });
  if (totalRow) {
    // SUBTOTAL(9, …) sums the rows the autofilter shows, so the total follows the reader's choice.
    const first = headerRow + 1;
    const last = headerRow + rows.length;
    const row = sheet.addRow([]);
    columns.forEach((column, i) => {
      const cell = row.getCell(i + 1);
      const result = rows.reduce((sum, cells) => sum + (typeof cells[i] === 'number' ? cells[i] : 0), 0);
      if (i === 0) cell.value = totalRow.label;
      else if (totalRow.columns.includes(i)) {
        const letters = columnLetters(i + 1);
        const sum = Math.round(result * 10) / 10;
        // No rows: a plain 0, never a formula over the total's own cell.
        cell.value =
          rows.length === 0
            ? 0
            : { formula: `SUBTOTAL(9,${letters}${first}:${letters}${last})`, result: sum };
      }
      const style = column.kind === 'kg' ? kgStyle(i, Math.round(result * 10) / 10) : bodyStyles[i];
      cell.style = { ...style, font: { bold: true }, alignment: { ...style.alignment, wrapText: false } };
    });
    row.commit();
  }
  sheet.commit();
}

build(workerData)
  .then((content) => parentPort.postMessage({ content }, [content.buffer]))
  .catch((error) =>
    parentPort.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
