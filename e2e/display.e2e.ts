import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, signInDirect } from './support/browser.ts';
import { employeeSession, issueStandardTicket, randomLicence } from './support/demo-plant.ts';
import { cancelDevice, newIdentity, registerDevice, useIdentity } from './support/devices.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

async function page(options: Parameters<typeof newContext>[2], language: 'th' | 'en'): Promise<Page> {
  const context = await newContext(browser, baseUrl, options);
  contexts.push(context);
  const created = await context.newPage();
  await created.addInitScript((lng) => localStorage.setItem('I18N_LANGUAGE', lng), language);
  return created;
}

describe('a TV display', () => {
  it('shows its id, turns into the board when registered, shows and queues an announcement of a call within 2 s, and goes back when cancelled', async () => {
    const identity = newIdentity();
    const display = await page({ viewport: { width: 1920, height: 1080 } }, 'th');
    // A TV without a Thai voice, whatever this machine's Chromium has installed (with
    // speech-dispatcher it may load one a moment later): the screen must fall back to captions.
    await display.addInitScript(() =>
      Object.defineProperty(window.speechSynthesis, 'getVoices', { value: () => [] }),
    );
    await useIdentity(display, 'display', identity);
    await display.goto('/DisplayManage');
    const shownId = display.getByTestId('device-id');
    await expect.poll(() => shownId.innerText()).toBe(`${identity.id.slice(0, 4)} ${identity.id.slice(4)}`);

    // An admin registers it: the page becomes the board by itself.
    const uuid = await registerDevice(baseUrl, 'display', identity);
    await display.getByTestId('display-station').first().waitFor({ timeout: 15_000 });
    expect(await shownId.count()).toBe(0);
    await expect.poll(() => display.getByTestId('display-clock').innerText()).toMatch(/\d\d:\d\d:\d\d/);

    // A ticket is issued; an officer calls it to a station from Manage Calling.
    const { session } = await employeeSession(baseUrl);
    const queueNumber = await issueStandardTicket(baseUrl, session, randomLicence());
    const officer = await page({ language: 'en-US' }, 'en');
    await signInDirect(officer, baseUrl, 'employee@example.com', 'demo1234');
    await officer.goto('/System/manageCalling/1');
    await officer.getByRole('button', { name: new RegExp(`^Queue ${queueNumber},`) }).click();
    const action = officer.getByRole('dialog');
    const stationChoice = action.locator('.ant-radio-button-wrapper').first();
    await stationChoice.click();
    const station = (await stationChoice.innerText()).trim();
    await action.getByRole('button', { name: 'Call', exact: true }).click();

    // Within 2 s: the newest call on the board, at its station, and its announcement queued.
    const sentence = `เชิญหมายเลข ${queueNumber} ที่ ${station}`;
    await expect
      .poll(() => display.getByTestId('display-newest-number').textContent(), {
        timeout: 2_000,
        interval: 100,
      })
      .toBe(queueNumber);
    await expect
      .poll(() => display.getByTestId('announcement-queue').textContent(), { timeout: 2_000, interval: 100 })
      .toContain(sentence);
    expect(await display.getByTestId('display-newest-station').textContent()).toBe(station);
    const stationCard = display.getByTestId('display-station').filter({ hasText: station });
    expect(await stationCard.getByTestId('display-station-number').textContent()).toBe(queueNumber);
    expect(await display.getByTestId('display-recent').textContent()).toContain(queueNumber);
    expect(await display.getByTestId('announcement-current').textContent()).toBe(sentence);
    // No Thai voice: the screen says so and shows the announcement instead.
    expect(await display.getByTestId('announcement-caption').textContent()).toBe(sentence);
    await expect.poll(() => display.getByTestId('voice-notice').count(), { timeout: 5_000 }).toBe(1);
    // Connected: no "reconnecting" banner.
    expect(await display.getByTestId('connection-banner').count()).toBe(0);

    // A reload does not announce the call again (it is on the board, not in the queue).
    await display.reload();
    await display.getByTestId('display-station').first().waitFor();
    expect(await display.getByTestId('display-newest-number').textContent()).toBe(queueNumber);
    expect(await display.getByTestId('announcement').count()).toBe(0);

    // Cancel connection: back to its id, live.
    await cancelDevice(baseUrl, 'display', uuid);
    await shownId.waitFor({ timeout: 15_000 });
    expect(await display.getByTestId('display-board').count()).toBe(0);
    expect(await display.getByTestId('connection-banner').count()).toBe(0);
  });
});
