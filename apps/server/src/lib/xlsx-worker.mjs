// Builds one .xlsx in its own thread, so that a large export never blocks the server's event
// loop. Plain JavaScript: Node 20 does not apply --import loaders (tsx) inside worker threads.
// workerData: { sheetName, title, columns: [{ header, width, numFmt? }], rows: unknown[][] }
// (cells are strings, numbers, Dates or null). Replies with the file's bytes, or { error }.
import { PassThrough } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

async function build({ sheetName, title, columns, rows }) {
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
  workbook.title = title;
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, index) => ({
    key: String(index),
    header: c.header,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const cells of rows) sheet.addRow(cells).commit();
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

build(workerData)
  .then((content) => parentPort.postMessage({ content }, [content.buffer]))
  .catch((error) =>
    parentPort.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
