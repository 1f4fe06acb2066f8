import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { queueButton } from './support/browser.ts';
import { employeeSession, issueAndCall, issueStandardTicket } from './support/demo-plant.ts';
import { ENGLISH, fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** The employee's Manage Calling, in English on a 1366x768 screen. */
const callingPage = () =>
  files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1', {
    ...ENGLISH,
    viewport: { width: 1366, height: 768 },
  });

/** A plate longer than a queue button is wide (the issue's "ทดสอบ 2222 ขอน…"), unique to this run. */
const longPlate = () => `ทดสอบ ${1000 + Math.floor(Math.random() * 9000)} พระนครศรีอยุธยา`;

/** Whether the element shows all of its text: nothing clipped sideways or below. */
const showsAll = (page: Page, selector: string) =>
  page.locator(selector).evaluate((node) => {
    const style = getComputedStyle(node);
    return (
      node.scrollWidth <= node.clientWidth &&
      node.scrollHeight <= node.clientHeight + 1 &&
      style.textOverflow !== 'ellipsis'
    );
  });

describe('the queue buttons of Manage Calling', () => {
  it('show the whole plate (on the button, on hover and in the dialog) and the station a called truck went to', async () => {
    const waitingPlate = longPlate();
    const calledPlate = longPlate();
    const { session } = await employeeSession(baseUrl);
    const waitingTicket = await issueStandardTicket(baseUrl, session, waitingPlate);
    const calledTicket = await issueAndCall(baseUrl, 0, calledPlate);
    const { stationName } = calledTicket;

    const page = await callingPage();

    // Waiting: the plate in full on the button.
    const waiting = queueButton(page, waitingTicket, 'waiting');
    await waiting.waitFor();
    expect(await waiting.getByTestId('queue-licence').innerText()).toBe(waitingPlate);
    await waiting.getByTestId('queue-licence').evaluate((node) => node.setAttribute('data-probe', 'waiting'));
    expect(await showsAll(page, '[data-probe="waiting"]')).toBe(true);
    // Its expected wait for the call (issue 21): the type has just called a truck, so it has a pace.
    expect((await waiting.getByTestId('queue-wait').innerText()).trim()).toMatch(/^≈ \d+–\d+ (min|h)$/);
    expect(await waiting.getAttribute('aria-label')).toMatch(/Expected wait for the call: ≈ \d+–\d+/);
    // On hover: the details, the plate among them.
    await waiting.hover();
    await expect
      .poll(() => page.getByRole('tooltip').innerText(), { timeout: 3_000 })
      .toContain(waitingPlate);
    // In the dialog it opens.
    await waiting.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(waitingPlate);
    // Its close button: an Escape pressed while the dialog still zooms in can be lost on a busy machine.
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'detached' });

    // In process: the plate, and the station it was called to, on the button itself.
    const called = queueButton(page, calledTicket, 'inProcess');
    await called.waitFor();
    expect(await called.getAttribute('aria-label')).toContain(stationName);
    expect(await called.getByTestId('queue-licence').innerText()).toBe(calledPlate);
    expect((await called.getByTestId('queue-station').innerText()).trim()).toBe(stationName);
    await called.getByTestId('queue-station').evaluate((node) => node.setAttribute('data-probe', 'station'));
    expect(await showsAll(page, '[data-probe="station"]')).toBe(true);
    // Waiting trucks were sent nowhere yet.
    expect(await waiting.getByTestId('queue-station').count()).toBe(0);
    // A called truck waits for nothing more.
    expect(await called.getByTestId('queue-wait').count()).toBe(0);
    await page.context().close();
  });

  it('follow a truck issued and called on another screen without asking the server again', async () => {
    const page = await callingPage();
    await page.locator('[data-column="waiting"]').first().waitFor();
    // Settled: the first cards and their proof are in.
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/getCardInProcess') || url.pathname.endsWith('/calling/announcements'))
        asked.push(url.pathname);
    });

    // Another officer issues a ticket and calls it: the server sends this page its new cards.
    const plate = longPlate();
    const ticket = await issueAndCall(baseUrl, 0, plate);
    const { stationName } = ticket;
    const called = queueButton(page, ticket, 'inProcess');
    await called.waitFor();
    expect(await called.getAttribute('aria-label')).toContain(stationName);
    expect(asked).toEqual([]);
    await page.context().close();
  });
});
