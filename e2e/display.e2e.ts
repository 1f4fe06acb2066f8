import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { employeeSession, issueAndCall, issueStandardTicket, freshLicence } from './support/demo-plant.ts';
import {
  cancelDevice,
  displayName,
  newIdentity,
  openRegisteredDisplay,
  registerDevice,
  useIdentity,
  withoutThaiVoice,
} from './support/devices.ts';
import { queueButton } from './support/browser.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
// The TV's Chromium in kiosk mode, as README runs it: sound plays without a tap (the test that
// needs it locked locks it itself).
const files = fileBrowser(baseUrl, ['--autoplay-policy=no-user-gesture-required']);

/** A Thai TV's page at 1920x1080. */
const tvPage = () => files.page({ viewport: { width: 1920, height: 1080 }, appLanguage: 'th' });

describe('a TV display', () => {
  it('shows its id, turns into the board when registered, shows and queues an announcement of a call within 2 s, and goes back when cancelled', async () => {
    const identity = newIdentity();
    const display = await tvPage();
    await withoutThaiVoice(display);
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
    const ticket = await issueStandardTicket(baseUrl, session, freshLicence());
    const { queueNumber } = ticket;
    const officer = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
    await queueButton(officer, ticket).click();
    const action = officer.getByRole('dialog');
    const stationChoice = action.locator('.ant-radio-button-wrapper').first();
    await stationChoice.click();
    const station = (await stationChoice.innerText()).trim();
    // Every phase the announcement goes through, as the page shows it (however fast it goes).
    await display.evaluate(() => {
      const w = window as unknown as { __phases: string[] };
      w.__phases = [];
      new MutationObserver(() => {
        const phase = document
          .querySelector('[data-testid="announcement"][data-current="true"]')
          ?.getAttribute('data-phase');
        if (phase && w.__phases.at(-1) !== phase) w.__phases.push(phase);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
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
    // No Thai voice in this browser, yet it is spoken: the voice pack's clips, never a caption.
    const phases = () => display.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
    await expect.poll(phases, { timeout: 15_000, interval: 100 }).toContain('speaking');
    expect(await phases()).not.toContain('caption');
    expect(await display.getByTestId('announcement-caption').count()).toBe(0);
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

  it('asks for sound in one line at its top edge, never over the caption or a station, and leaves the voice notice to the controller', async () => {
    const display = await tvPage();
    const uuid = await openRegisteredDisplay(display, baseUrl, { soundLocked: true });
    const prompt = display.getByTestId('unlock-sound');
    await prompt.waitFor();

    for (const [width, height] of [
      [1920, 1080],
      [1366, 768],
    ] as const) {
      await display.setViewportSize({ width, height });
      // A call while there is no voice: its caption shows over the board for a few seconds.
      const { queueNumber } = await issueAndCall(baseUrl, width === 1920 ? 0 : 1);
      const caption = display.getByTestId('announcement-caption').filter({ hasText: queueNumber });
      await caption.waitFor({ timeout: 20_000 });
      const line = await boxOf(prompt);
      // One line across the top edge.
      expect(line.y, `${width}x${height}`).toBeLessThanOrEqual(1);
      expect(line.width, `${width}x${height}`).toBeGreaterThanOrEqual(width - 2);
      expect(line.height, `${width}x${height}`).toBeLessThan(48);
      const covered = [await boxOf(caption.locator('xpath=..'))];
      for (const card of await display.getByTestId('display-station').all()) covered.push(await boxOf(card));
      for (const box of covered)
        expect(overlap(line, box), `${width}x${height}: ${JSON.stringify(box)}`).toBe(false);
    }

    // The public board never shows the IT notice; the Display controller does, for this display.
    expect(await display.getByTestId('display-warning').count()).toBe(0);
    const name = await displayName(baseUrl, uuid);
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/display', THAI);
    const notice = admin.locator(`[data-testid="display-warning"][data-display="${name}"]`);
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.innerText()).toContain('เสียงถูกล็อก ต้องมีคนแตะที่จอหนึ่งครั้ง');
    const row = admin.locator('tr').filter({ hasText: name });
    expect(await row.getByTestId('display-sound').innerText()).toBe('เสียงถูกล็อก');

    // A touch turns the sound on: the line goes, and the controller drops the warning live.
    await prompt.click();
    await prompt.waitFor({ state: 'detached' });
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await row.getByTestId('display-sound').innerText()).toBe('เสียงพร้อม');
    await cancelDevice(baseUrl, 'display', uuid);
  });
});

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
