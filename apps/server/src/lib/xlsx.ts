import { Worker } from 'node:worker_threads';
import { startsLikeFormula } from '@truck-queue/shared/typed-text';
import { durationParts, type MinuteRule } from '@truck-queue/shared/durations';
import { MINUTES_PER_DAY } from '@truck-queue/shared/plant-day';
import type { Calendar, ColumnKind } from './sheet-layout.mjs';
import { sourceFile } from '../paths.ts';

export type { Calendar, ColumnKind } from './sheet-layout.mjs';

export interface XlsxColumn {
  /** The header's text; a line break wraps it onto a second line. */
  header: string;
  /** How its values read (number format, alignment); the width follows from its longest value. */
  kind: ColumnKind;
}

/** A cell: text, a number, a date on the site's wall clock, or null for "-" (no value). */
export type XlsxCell = string | number | Date | null;

/** One report as a sheet: a title block, a header row and the rows. */
export interface XlsxSheet {
  sheetName: string;
  /** The title block: the report's name (bold), then a line each for the branch, period, filters… */
  heading: string[];
  columns: XlsxColumn[];
  rows: XlsxCell[][];
  /** The era dates are shown in. */
  calendar: Calendar;
  /** Rows (their index in `rows`) in bold: a day's total among its products'. */
  strongRows?: number[];
  /**
   * A bold last row under the table: `label` in the first column and, in each column given (by
   * index), a SUBTOTAL of the rows above, so the total follows the autofilter's choice.
   */
  totalRow?: { label: string; columns: number[] };
}

/**
 * Text from the database as a cell: one that starts like a formula (a licence typed before the
 * contracts refused it) gets a leading apostrophe, so that neither the spreadsheet nor the CSV
 * it saves ever runs it.
 */
export function textCell(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value;
}

/**
 * A workbook of one sheet or more (the first opens), each laid out to read and to print: the title block, then a bold header row that stays
 * in view (frozen, with the autofilter) and repeats on every printed page; columns as wide as
 * their longest value; landscape A4, one page wide; "-" where a value is missing. Written in a
 * worker thread (xlsx-worker.mjs) with ExcelJS's streaming writer: tens of thousands of rows
 * never hold up the event loop that serves the API and the sockets.
 */
export function writeXlsx(sheet: XlsxSheet | XlsxSheet[]): Promise<Buffer> {
  const sheets = Array.isArray(sheet) ? sheet : [sheet];
  return new Promise((resolve, reject) => {
    // A plain worker: no --import loaders (tsx) from the parent, which it does not need.
    const worker = new Worker(sourceFile('lib/xlsx-worker.mjs'), {
      workerData: sheets,
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

/**
 * Seconds as a duration cell: the whole minutes the screen shows by its rule (SPEC.md section 9),
 * as a fraction of a day, so that [h]:mm reads "1:41" where the screen reads "1 ชม. 41 นาที"
 * and a SUM adds up what the reader sees. Null (shown "-") when unknown.
 */
export function durationCell(seconds: number | null, rule: MinuteRule): number | null {
  if (seconds === null) return null;
  const { hours, minutes } = durationParts(seconds, rule);
  return (hours * 60 + minutes) / MINUTES_PER_DAY;
}
