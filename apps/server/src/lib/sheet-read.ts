import { Worker } from 'node:worker_threads';
import { sourceFile } from '../paths.ts';

/**
 * The rows of an uploaded spreadsheet as text (the first sheet of an .xlsx, or a .csv), for an
 * import that checks every cell itself. A file that does not read as one is `SheetUnreadable`.
 */

export class SheetUnreadable extends Error {}
/** More rows than the import takes. */
export class SheetTooLong extends Error {}

export interface SheetLimits {
  /** Rows at most, the header included. */
  maxRows: number;
  /** Columns read of each row (the rest is not looked at). */
  maxColumns: number;
}

/** A .xlsx worker gets this much heap and this long: a hostile file stops it, not the server. */
const XLSX_HEAP_MB = 192;
const XLSX_DEADLINE_MS = 20_000;

export function readSheet(fileName: string, bytes: Buffer, limits: SheetLimits): Promise<string[][]> {
  if (/\.csv$/i.test(fileName)) {
    const rows = parseCsv(decodeText(bytes));
    if (rows.length > limits.maxRows) throw new SheetTooLong();
    return Promise.resolve(rows.map((row) => row.slice(0, limits.maxColumns).map((cell) => cell.trim())));
  }
  // An .xlsx is a zip: anything else is not one.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50)
    return Promise.reject(new SheetUnreadable('not an .xlsx file'));
  return readXlsx(bytes, limits);
}

function readXlsx(bytes: Buffer, limits: SheetLimits): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(sourceFile('lib/xlsx-read-worker.mjs'), {
      workerData: { content: new Uint8Array(bytes), ...limits },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: XLSX_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      done();
      void worker.terminate();
    };
    const deadline = setTimeout(
      () => settle(() => reject(new SheetUnreadable('the file took too long to read'))),
      XLSX_DEADLINE_MS,
    );
    worker.once('message', (reply: { rows?: string[][]; error?: string; tooMany?: boolean }) =>
      settle(() => {
        if (reply.rows) resolve(reply.rows);
        else if (reply.tooMany) reject(new SheetTooLong());
        else reject(new SheetUnreadable(reply.error ?? 'unreadable'));
      }),
    );
    // Out of memory (a zip that inflates without end) or any other failure: not a readable sheet.
    worker.once('error', (error) => settle(() => reject(new SheetUnreadable(error.message))));
    worker.once('exit', (code) =>
      settle(() => reject(new SheetUnreadable(`the reader stopped (exit code ${code})`))),
    );
  });
}

/**
 * A CSV's text: UTF-8 (with or without its byte-order mark), else Windows-874 (TIS-620), the
 * encoding Thai Excel saves "CSV" in.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-874').decode(bytes);
  }
}

/**
 * RFC 4180 rows: fields in double quotes may hold the delimiter, line breaks and doubled quotes.
 * The delimiter is the one of comma, semicolon and tab the first line holds most of.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  const delimiter = [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
