import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
let page: Page;
const downloads = mkdtempSync(path.join(os.tmpdir(), 'tq-score-'));

beforeAll(async () => {
  page = await files.officerPage('manager@example.com', 'demo1234', '/Report/scorecards');
});
afterAll(() => {
  rmSync(downloads, { recursive: true, force: true });
});

/** Scorecards (issue 41), over the demo's last 30 days as the page opens. */
describe('scorecards', () => {
  it('shows the rule, a row per supplier or plate worst first, and a row’s detail', async () => {
    await page.getByText('How the grade is made').waitFor();
    const rows = page.getByTestId('scorecards-table').locator('tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(1);
    await rows.first().click();
    const detail = page.getByTestId('scorecard-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain('Points taken off');
  });

  it('exports the rows to Excel', async () => {
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['ผลงานผู้ส่ง']);
  });
});
