import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A spreadsheet as a reader sees it: LibreOffice prints it to PDF (headless), poppler's
 * pdftotext and pdfinfo read the pages back. Debian: libreoffice-calc-nogui, fonts-thai-tlwg
 * and poppler-utils (.ci/run installs them).
 */

const run = promisify(execFile);

/** Where a program is on PATH, or null. */
function which(program: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, program);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** LibreOffice's command, or null when it is not installed. */
export const soffice = which('soffice');

/** LibreOffice to print and poppler (pdftotext, pdfinfo) to read the print: both, or the test skips. */
export const officeToolsMissing = [
  ...(soffice ? [] : ['soffice']),
  ...(['pdftotext', 'pdfinfo'] as const).filter((tool) => !which(tool)),
];

/**
 * Prints `xlsx` to a PDF in `outDir` and answers the PDF's path. Each run has its own
 * LibreOffice profile, so parallel runs never wait on one another's lock.
 */
export async function xlsxToPdf(xlsx: string, outDir: string): Promise<string> {
  if (!soffice) throw new Error('LibreOffice (soffice) is not installed');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lo-'));
  try {
    await run(
      soffice,
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        xlsx,
      ],
      { timeout: 120_000 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  const pdf = path.join(outDir, `${path.basename(xlsx, path.extname(xlsx))}.pdf`);
  if (!existsSync(pdf)) throw new Error(`LibreOffice wrote no PDF for ${xlsx}`);
  return pdf;
}

/** A poppler tool's output; a clear failure when poppler-utils is missing. */
async function poppler(tool: string, args: string[]): Promise<string> {
  if (!which(tool)) throw new Error(`${tool} is not installed: apt-get install poppler-utils`);
  return (await run(tool, args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

// pdftotext sometimes puts a space after a Thai vowel or tone mark placed over a tall letter
// ("แป้ งมัน"): the words are one, as the reader sees them.
const THAI_MARK_GAP = /([\u0e31\u0e34-\u0e3a\u0e47-\u0e4e])\s+(?=[\u0e00-\u0e7f])/g;

/** The text of one page (from 1), or of all of them, laid out as on the page. */
export async function pdfText(pdf: string, page?: number): Promise<string> {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  const text = await poppler('pdftotext', ['-layout', ...pages, pdf, '-']);
  return text.replace(THAI_MARK_GAP, '$1');
}

/** How many pages, and the first page's size in points (A4 landscape: 841.9 × 595.3). */
export async function pdfPages(pdf: string): Promise<{ pages: number; width: number; height: number }> {
  const info = await poppler('pdfinfo', [pdf]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(info);
  return { pages, width: Number(size?.[1]), height: Number(size?.[2]) };
}

/** Page 1 as a PNG at `dpi`, written to `png`. */
export async function pdfFirstPagePng(pdf: string, png: string, dpi = 80): Promise<void> {
  await poppler('pdftoppm', [
    '-png',
    '-r',
    String(dpi),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    png.replace(/\.png$/, ''),
  ]);
}
