import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, signInDirect } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;
const downloads = mkdtempSync(path.join(os.tmpdir(), 'tq-reports-'));

/** The export's Thai header row (SPEC.md section 2's columns). */
const THAI_HEADERS = [
  'ลำดับ',
  'หมายเลขคิว',
  'ทะเบียนรถ',
  'ประเภทคิว',
  'ประเภทสินค้า',
  'เวลาเข้า (รับบัตร)',
  'เวลาเข้าแล็บ',
  'เวลาออกแล็บ',
  'ระยะเวลาแล็บ',
  'เวลาออก',
  'เวลาในโรงงาน',
  'หมายเลขคิวเดิม',
  'เหตุผล',
];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, baseUrl, { language: 'en-US' });
  page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
  await signInDirect(page, baseUrl, 'manager@example.com', 'demo1234');
});
afterAll(async () => {
  await context.close();
  await browser.close();
  rmSync(downloads, { recursive: true, force: true });
});

/** A day of the plant's calendar (Asia/Bangkok, the demo's zone) as the pickers show it. */
function siteDay(daysAgo: number): string {
  const date = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

const rows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
const cellTexts = (p: Page, column: number) =>
  rows(p).evaluateAll((trs, n) => trs.map((tr) => (tr.children[n] as HTMLElement).innerText.trim()), column);
const number = async (tag: Locator) => Number((await tag.innerText()).replace(/\D/g, ''));

/** Types a day into an antd date picker, as an officer does. */
async function typeDate(p: Page, id: string, day: string): Promise<void> {
  const input = p.locator(`#${id}`);
  await input.click();
  await input.fill(day);
  await p.keyboard.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(day);
}

/** "2 h 5 min" / "2 h" / "45 min" -> minutes, "< 1 min" -> 0; '-' -> null. */
function minutes(text: string): number | null {
  if (text === '< 1 min') return 0;
  const match = /^(?:(\d+) h)? ?(?:(\d+) min)?$/.exec(text);
  return match && (match[1] || match[2]) ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : null;
}

describe('in/out factory report', () => {
  it('shows the last 7 days, filters by licence and exports the same rows to Excel', async () => {
    await page.goto('/Report/inoutTransaction');
    const count = page.getByTestId('inout-count');
    await count.waitFor();

    await typeDate(page, 'inout-start', siteDay(6));
    await typeDate(page, 'inout-finish', siteDay(0));
    await page.getByRole('button', { name: 'View report' }).click();
    await page.getByText(`Trucks in and out of the factory, ${siteDay(6)} – ${siteDay(0)}`).waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const weekTotal = await number(count);
    expect(weekTotal).toBeGreaterThan(0);
    expect(await page.getByText('No data found').count()).toBe(0);

    // Only that truck: type a licence from the list.
    const licence = (await cellTexts(page, 2))[0]!;
    await page.getByLabel('Truck licence').fill(licence);
    await page.getByRole('button', { name: 'View report' }).click();
    await expect.poll(async () => new Set(await cellTexts(page, 2))).toEqual(new Set([licence]));
    const truckRows = await number(count);
    expect(truckRows).toBeGreaterThan(0);
    expect(truckRows).toBeLessThan(weekTotal);

    // The export of the same filter: a real .xlsx with the Thai headers and the screen's rows.
    const queueNumbers = await cellTexts(page, 1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    await page.getByText(/^Downloaded .+\.xlsx/).waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(THAI_HEADERS);
    expect(sheet.actualRowCount - 1).toBe(truckRows);
    const exported: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) {
        exported.push(row.getCell(2).text);
        expect(row.getCell(3).value).toBe(licence);
      }
    });
    expect(exported).toEqual(queueNumbers);
  });

  it('says so when nothing matches', async () => {
    await page.getByLabel('Truck licence').fill('ไม่มีทะเบียนนี้');
    await page.getByRole('button', { name: 'View report' }).click();
    await page.getByText('No data found').waitFor();
    expect(await rows(page).count()).toBe(0);
  });

  it('tells the officer to shorten the period when the export would be too large', async () => {
    await page.route('**/api/report/inOutTransactionExport', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 0,
          code: 'VALIDATION_FAILED',
          message: 'The period holds 120000 rows; an export holds at most 100000.',
        }),
      }),
    );
    try {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByText('The Excel export failed').waitFor();
      await page.getByText(/Please choose a shorter period\./).waitFor();
    } finally {
      await page.unroute('**/api/report/inOutTransactionExport');
    }
  });

  it('refuses an end date before the start date', async () => {
    await typeDate(page, 'inout-start', siteDay(0));
    await typeDate(page, 'inout-finish', siteDay(1));
    await page.getByRole('button', { name: 'View report' }).click();
    await page.getByText('The start date must not be after the end date.').waitFor();
  });
});

describe('summary report', () => {
  it('pages, sorts and jumps on the server', async () => {
    await page.goto('/Report/summary');
    const count = page.getByTestId('summary-count');
    await count.waitFor();

    await page.locator('#summary-range').click();
    await page.locator('.ant-picker-presets').getByText('Last 7 days').click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`Summary, ${siteDay(6)} – ${siteDay(0)}`).waitFor();
    // The heading names the period at once; the count follows with the week's answer.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => rows(page).count()).toBe(10);
    const total = await number(count);
    expect(total).toBeGreaterThan(40);

    // 20 rows a page.
    await page.getByTestId('summary-page-size').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^20$/ }).click();
    await expect.poll(() => rows(page).count()).toBe(20);
    const pages = Math.ceil(total / 20);
    await expect.poll(() => page.getByTestId('summary-page').innerText()).toBe(`Page 1 of ${pages}`);

    // Sorted by total time, shortest first; trucks still inside (no total yet) come last.
    await page.getByRole('columnheader', { name: /Total time/ }).click();
    const sortedOnPage = async () => {
      const times = (await cellTexts(page, 7)).map(minutes).filter((m) => m !== null);
      return times.length > 0 && times.every((m, i) => i === 0 || m >= times[i - 1]!);
    };
    await expect.poll(sortedOnPage).toBe(true);
    expect(await page.getByRole('columnheader', { name: /Total time/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    const firstPage = await cellTexts(page, 0);
    const longestOnFirst = Math.max(...(await cellTexts(page, 7)).map((text) => minutes(text) ?? 0));

    // Page 2 through the jump box: the next 20, still sorted.
    await page.getByLabel('Go to page').fill('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('summary-page').innerText()).toBe(`Page 2 of ${pages}`);
    await expect.poll(async () => (await cellTexts(page, 0))[0] !== firstPage[0]).toBe(true);
    expect(await rows(page).count()).toBe(Math.min(20, total - 20));
    await expect.poll(sortedOnPage).toBe(true);
    expect(minutes((await cellTexts(page, 7))[0]!)).toBeGreaterThanOrEqual(longestOnFirst);

    // The licence column's filter: only that truck, back on page 1, still sorted by total time.
    const plate = (await cellTexts(page, 0))[0]!.split('\n')[0]!;
    await page.getByRole('button', { name: 'Filter by licence' }).click();
    await page.getByRole('textbox', { name: 'Search licence' }).fill(plate);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => new Set((await cellTexts(page, 0)).map((c) => c.split('\n')[0])))
      .toEqual(new Set([plate]));
    expect(await number(count)).toBeLessThan(total);
    await expect.poll(() => page.getByTestId('summary-page').innerText()).toMatch(/^Page 1 of /);
    expect(await page.getByRole('columnheader', { name: /Total time/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });
});
