import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pdfFirstPagePng, pdfPages, soffice, xlsxToPdf } from '../apps/server/src/test/office-pdf.ts';
import { signInDirect } from './support/browser.ts';
import { OUT, preparePage, shoot } from './support/screenshot-kit.ts';

/** The day before the one a date picker shows (dd/mm/yyyy, in whichever era it writes). */
function dayBefore(shown: string): string {
  const [day, month, year] = shown.split('/').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day! - 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** Clicks Export and saves the download as <scratch>/<name>.xlsx, once the page says it is done. */
async function download(page: Page, name: string, scratch: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'ส่งออก Excel' }).click(),
  ]);
  const xlsx = path.join(scratch, `${name}.xlsx`);
  await file.saveAs(xlsx);
  await page.getByText(/^ดาวน์โหลดไฟล์ .+\.xlsx/).waitFor();
  return xlsx;
}

/** Prints a workbook as LibreOffice does: docs/screenshots/<name>.pdf, and its page 1 as <name>.png. */
async function printToPdf(xlsx: string, name: string): Promise<void> {
  const pdf = await xlsxToPdf(xlsx, OUT);
  await pdfFirstPagePng(pdf, path.join(OUT, `${name}.png`));
  console.log(`  docs/screenshots/${name}.pdf (${(await pdfPages(pdf)).pages} pages) and ${name}.png`);
}

/**
 * The Excel exports of the demo plant's yesterday as LibreOffice prints them (in/out and summary,
 * Thai), and the summary page with its Export button, at an office screen's 1366x768.
 */
export async function shootExportScreens(browser: Browser, baseUrl: string): Promise<void> {
  if (!soffice) {
    console.log('  export: skipped, LibreOffice (soffice) is not installed');
    return;
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tq-export-shots-'));
  const page = await preparePage(browser, baseUrl, 'th', 'light', 1366, 768);
  try {
    await signInDirect(page, baseUrl, 'manager@example.com', 'demo1234');

    await page.goto('/Report/inoutTransaction');
    const yesterday = dayBefore(await page.locator('#inout-finish').inputValue());
    for (const id of ['inout-start', 'inout-finish']) {
      await page.locator(`#${id}`).click();
      await page.locator(`#${id}`).fill(yesterday);
      await page.keyboard.press('Enter');
    }
    await page.getByRole('button', { name: 'ดูรายงาน' }).click();
    await page.getByTestId('inout-count').waitFor();
    await printToPdf(await download(page, 'export-inout-th', scratch), 'export-inout-th');

    await page.goto('/Report/summary');
    await page.locator('#summary-range').click();
    await page.locator('.ant-picker-presets').getByText('เมื่อวาน').click();
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await page.getByTestId('summary-count').waitFor();
    const summary = await download(page, 'export-summary-th', scratch);
    // The page as the officer sees it once the file is downloaded.
    await page.mouse.move(0, 0);
    await shoot(page, 'summary-export-th-light');
    await printToPdf(summary, 'export-summary-th');
  } finally {
    await page.context().close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
