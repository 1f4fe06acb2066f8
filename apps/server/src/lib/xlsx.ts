import { Worker } from 'node:worker_threads';
import { startsLikeFormula } from '@truck-queue/shared/contracts/api';

export interface XlsxColumn {
  header: string;
  width: number;
  /** Excel number format, e.g. 'dd/mm/yyyy hh:mm' for a date column. */
  numFmt?: string;
}

export type XlsxCell = string | number | Date | null;

/**
 * Text from the database as a cell: one that starts like a formula (a licence typed before the
 * contracts refused it) gets a leading apostrophe, so that neither the spreadsheet nor the CSV
 * it saves ever runs it.
 */
export function textCell(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value;
}

/**
 * One sheet with a bold, frozen header row and an autofilter, written in a worker thread
 * (xlsx-worker.mjs) with ExcelJS's streaming writer: tens of thousands of rows never hold up
 * the event loop that serves the API and the sockets.
 */
export function writeXlsx(sheet: {
  sheetName: string;
  title: string;
  columns: XlsxColumn[];
  rows: XlsxCell[][];
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // A plain worker: no --import loaders (tsx) from the parent, which it does not need.
    const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
      workerData: sheet,
      execArgv: [],
    });
    worker.once('message', (reply: { content?: Uint8Array; error?: string }) => {
      if (reply.content)
        resolve(Buffer.from(reply.content.buffer, reply.content.byteOffset, reply.content.byteLength));
      else reject(new Error(`The spreadsheet could not be written: ${reply.error ?? 'no reason given'}`));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The spreadsheet writer stopped (exit code ${code})`));
    });
  });
}
