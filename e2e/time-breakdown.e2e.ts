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
const downloads = mkdtempSync(path.join(os.tmpdir(), 'tq-time-'));

beforeAll(async () => {
  page = await files.officerPage('manager@example.com', 'demo1234', '/Report/timeBreakdown');
});
afterAll(() => {
  rmSync(downloads, { recursive: true, force: true });
});

/** Where the time goes (issue 41), over the demo's last week as the page opens. */
describe('where the time goes', () => {
  it('draws the stages per hour and per day, the heat map, and each station’s and officer’s figures', async () => {
    await page.getByText(/^Where the time goes, /).waitFor();
    const byHour = page.getByTestId('time-by-hour');
    await byHour.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await byHour.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(5);
    await page.getByTestId('time-by-day').locator('.recharts-bar-rectangle').first().waitFor();
    // The average wait for the call shows as a figure in the totals.
    await expect.poll(() => page.getByTestId('time-totals').innerText()).toContain('Waiting for the call');

    // The heat map: some hour of some day holds trucks that waited for their call.
    const heat = page.getByTestId('time-heat-map');
    const shaded = heat.locator('[data-value]:not([data-value=""])');
    expect(await shaded.count()).toBeGreaterThan(5);

    // Stations: the demo's bays served trucks, and one stood empty while trucks waited at some hour.
    const stations = page.getByTestId('time-stations').locator('tr.ant-table-row');
    expect(await stations.count()).toBeGreaterThan(1);
    const served = await stations.evaluateAll((rows) =>
      rows.map((r) => Number((r.children[1] as HTMLElement).innerText.replace(/\D/g, ''))),
    );
    expect(Math.max(...served)).toBeGreaterThan(10);
    expect(await page.getByTestId('idle-strip').first().isVisible()).toBe(true);

    const officers = page.getByTestId('time-officers').locator('tr.ant-table-row');
    expect(await officers.count()).toBeGreaterThan(0);
    expect(await officers.first().innerText()).toMatch(/\d/);
  });

  it('exports the same figures to Excel', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'ตามชั่วโมง',
      'ตามวัน',
      'รวมทั้งช่วง',
      'จุดบริการ',
      'ว่างรายชั่วโมง',
      'เจ้าหน้าที่',
    ]);
    const stations = workbook.getWorksheet('จุดบริการ')!;
    const names: string[] = [];
    stations.eachRow((row) => names.push(row.getCell(1).text));
    const shown = await page
      .getByTestId('time-stations')
      .locator('tr.ant-table-row td:first-child strong')
      .allInnerTexts();
    for (const name of shown) expect(names).toContain(name);
  });
});
