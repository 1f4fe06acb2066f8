import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signInDirect } from './support/browser.ts';
import { employeeSession, post, freshLicence } from './support/demo-plant.ts';
import { issueTicket } from './support/yard-plant.ts';
import { adminSession } from './support/devices.ts';
import { ROOT, startServer, type RunningServer } from './support/server.ts';

/**
 * A weighbridge fed by its indicator (issue 20): a pseudo-terminal (socat) stands in for the
 * serial cable; an "indicator" sends A&D frames into it while the real scale bridge
 * (`npm run scale-bridge`) reads the other through serialport and streams to the server. The
 * weighing page shows the weight live, lets it be captured only once stable, and shows no signal
 * within 2 s of the cable being pulled; the bridge reads again once it is back.
 */

// A server of its own: a branch with a scale turns every weighing page to it, which the other
// files' weighing tests on the shared server do not expect.
let server: RunningServer | null = null;
let baseUrl = '';
const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-weighbridge-'));
/** Where the indicator's side of the cable listens (socat's TCP end). */
const indicatorPort = 20_000 + Math.floor(Math.random() * 20_000);
const bridgeEnd = path.join(dir, 'ttyBRIDGE');
const identityFile = path.join(dir, 'identity.json');
const hasSocat = existsSync('/usr/bin/socat');

let socat: ChildProcess | null = null;
let bridge: ChildProcess | null = null;
let bridgeOutput = '';
let browser: Browser | undefined;
let scaleName = '';

/**
 * The cable: socat makes the pseudo-terminal the bridge opens as its serial port (linked at a
 * fixed path, so it can be pulled and put back) and passes to it what the indicator sends on a
 * local TCP port (writing a pty's other end from Node hangs once the pty was replaced).
 */
async function plugCable(): Promise<void> {
  socat = spawn(
    '/usr/bin/socat',
    [`pty,raw,echo=0,link=${bridgeEnd}`, `tcp-listen:${indicatorPort},bind=127.0.0.1,reuseaddr`],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 5000;
  while (!existsSync(bridgeEnd)) {
    if (Date.now() > deadline) throw new Error('socat made no pseudo-terminal');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function pullCable(): Promise<void> {
  const ending = socat;
  socat = null;
  if (!ending || ending.exitCode !== null) return;
  const exited = new Promise((resolve) => ending.once('exit', resolve));
  ending.kill('SIGTERM');
  await exited;
}

/** The indicator: sends what `frame()` says every 100 ms (A&D's continuous output) while the cable is in. */
function indicator(frame: () => string) {
  let stopped = false;
  let line: net.Socket | null = null;
  const connect = () => {
    if (stopped) return;
    const socket = net.connect(indicatorPort, '127.0.0.1');
    socket.on('connect', () => (line = socket));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (line === socket) line = null;
      setTimeout(connect, 200);
    });
  };
  connect();
  const timer = setInterval(() => line?.write(frame()), 100);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      line?.destroy();
    },
  };
}

const frameOf = (kg: number, stable: boolean) =>
  `${stable ? 'ST' : 'US'},GS,+${String(kg).padStart(7, '0')}kg\r\n`;

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${bridgeOutput.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let weight = { kg: 18_000, stable: false };
let feed: { stop(): void } | null = null;

beforeAll(async () => {
  if (!hasSocat) return;
  server = await startServer();
  baseUrl = server.baseUrl;
  await plugCable();
  feed = indicator(() => frameOf(weight.kg, weight.stable));
  // The bridge as a plant starts it, on a new identity; it waits to be registered.
  bridge = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/scale-bridge/src/main.ts',
      '--serial',
      bridgeEnd,
      '--baud',
      '9600',
      '--format',
      'st-gs',
      '--hold',
      '1000',
      '--server',
      baseUrl,
      '--identity',
      identityFile,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  bridge.stdout!.on('data', (chunk: Buffer) => (bridgeOutput += chunk.toString()));
  bridge.stderr!.on('data', (chunk: Buffer) => (bridgeOutput += chunk.toString()));
  await until('the bridge to make its identity', () => existsSync(identityFile));
  const { device_id: deviceId } = JSON.parse(readFileSync(identityFile, 'utf8')) as { device_id: string };
  await until('the bridge to connect', () => bridgeOutput.includes('Connected to the server'));
  // The admin adds the scale and registers the id the bridge printed.
  const admin = await adminSession(baseUrl);
  scaleName = `ตาชั่ง e2e ${deviceId.slice(0, 4)}`;
  const { device } = await post<{ device: { uuid: string } }>(
    baseUrl,
    'weighbridge/doMainScale',
    { name: scaleName, station_id: null },
    admin,
  );
  await until('the bridge to be waiting', async () => {
    const answer = await fetch(`${baseUrl}/api/weighbridge/addDevice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'truck-queue-web', session: admin },
      body: JSON.stringify({ uuid: device.uuid, device_id: deviceId }),
    });
    return answer.ok;
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  feed?.stop();
  bridge?.kill('SIGTERM');
  await pullCable();
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const state = (page: Page) => page.getByTestId('scale-weight').getAttribute('data-scale-state');

describe.skipIf(!hasSocat)('the weighing page fed by a scale indicator', () => {
  it('shows the weight live, captures it only once stable, and shows no signal when the cable is pulled', async () => {
    const employee = await employeeSession(baseUrl);
    // Named by its ticket code (as the barcode scanner types it): numbers restart every plant
    // day, and a truck of yesterday still inside may hold the same one.
    const ticket = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
    const context = await newContext(browser!, baseUrl, { language: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
    await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
    await page.goto('/System/weighing');
    await page.getByRole('combobox', { name: 'Scale' }).click();
    await page.locator('.ant-select-item-option', { hasText: scaleName }).click();

    // Moving: the number follows the indicator, and the weigh-in button waits.
    const display = page.getByTestId('scale-weight');
    await expect.poll(() => state(page), { timeout: 10_000 }).toBe('moving');
    await expect.poll(() => display.textContent()).toContain('18,000');
    await page.locator('#weighing-queue-number').fill(ticket.ticket_code);
    await expect(page.getByTestId('weigh-in').isDisabled()).resolves.toBe(true);

    // Stable for the hold time: enabled, and the captured weight is the indicator's.
    weight = { kg: 32_150, stable: true };
    await expect.poll(() => state(page), { timeout: 10_000 }).toBe('stable');
    await expect.poll(() => display.textContent()).toContain('32,150');
    await expect.poll(() => page.getByTestId('weigh-in').isDisabled()).toBe(false);
    await page.getByTestId('weigh-in').click();
    await expect
      .poll(async () => {
        const today = await post<{
          queue: { uuid: string; weigh_in_kg: number | null; weigh_in_source: string | null }[];
        }>(baseUrl, 'process/weighing/getWeighToday', {}, employee.session);
        return today.queue.find((q) => q.uuid === ticket.uuid);
      })
      .toMatchObject({ weigh_in_kg: 32_150, weigh_in_source: 'indicator' });

    // The cable is pulled: "no signal" within 2 s, and nothing can be captured.
    await pullCable();
    const pulled = Date.now();
    await expect.poll(() => state(page), { timeout: 2500, interval: 100 }).toBe('no-signal');
    expect(Date.now() - pulled).toBeLessThan(2500);
    await expect(page.getByTestId('weigh-out').isDisabled()).resolves.toBe(true);

    // Put back: the bridge opens the port again and the weight comes back.
    weight = { kg: 12_040, stable: false };
    await plugCable();
    // Failing, it says what the bridge logged meanwhile. CI failed here twice: the pulled cable's
    // port read end-of-file forever, unseen, until the bridge watched the port's path.
    await expect
      .poll(() => state(page), { timeout: 15_000 })
      .toBe('moving')
      .catch((error: Error) => {
        throw new Error(`${error.message}\nthe bridge said:\n${bridgeOutput.slice(-2000)}`);
      });
    await expect.poll(() => display.textContent()).toContain('12,040');
    await context.close();
  });

  it("types a weight by hand only when the admin's setting allows the officer, with the reason, marked typed", async () => {
    const employee = await employeeSession(baseUrl);
    const licence = freshLicence();
    const ticket = await issueTicket(baseUrl, employee.session, 'B', licence);
    const context = await newContext(browser!, baseUrl, { language: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
    const admin = await context.newPage();
    await signInDirect(admin, baseUrl, 'admin@example.com', 'admin1234');
    await admin.goto('/System/weighbridge');
    const card = admin.getByTestId('manual-weights-card');
    const employees = card.getByRole('checkbox', { name: 'Employee' });
    await employees.waitFor();
    // The demo allows its weighing roles; the admin takes employees off.
    if (await employees.isChecked()) await employees.uncheck();
    await card.getByTestId('manual-weights-save').click();
    await expect.poll(() => card.getByTestId('manual-weights-save').isDisabled()).toBe(true);

    const clerkContext = await newContext(browser!, baseUrl, { language: 'en-US' });
    await clerkContext.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
    const page = await clerkContext.newPage();
    await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
    await page.goto('/System/weighing');
    await page.getByTestId('scale-weight').waitFor();
    const typeByHand = page.getByRole('switch', { name: 'Type the weight by hand' });
    expect(await typeByHand.count()).toBe(0);
    // Refused by the server too, whatever the page offers.
    const refused = await fetch(`${baseUrl}/api/process/weighing/weighIn`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'truck-queue-web',
        session: employee.session,
      },
      body: JSON.stringify({ uuid: ticket.uuid, weight: 30_000, reason: 'ตาชั่งขัดข้อง' }),
    });
    expect(refused.status).toBe(403);

    // Allowed again: the clerk's page offers typing at once, without a reload.
    await employees.check();
    await card.getByTestId('manual-weights-save').click();
    await typeByHand.waitFor({ timeout: 10_000 });
    await typeByHand.click();
    await page.locator('#weighing-queue-number').fill(ticket.ticket_code);
    await page.locator('#weighing-queue-number').press('Enter');
    await page.getByLabel('Weight', { exact: true }).fill('30120');
    await page.getByTestId('weigh-in').click();
    // No reason yet: the page asks for it and records nothing.
    await page.getByText('Please give a reason of at least 3 characters').waitFor();
    // A reason chip, then Enter, as the hint says: the weight is recorded (issue 36).
    await page.getByText('The scale is out of order', { exact: true }).click();
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: licence });
    await row.getByTestId('typed-weight').waitFor();
    const today = await post<{
      queue: {
        uuid: string;
        weigh_in_kg: number | null;
        weigh_in_source: string | null;
        weigh_in_reason: string | null;
      }[];
    }>(baseUrl, 'process/weighing/getWeighToday', {}, employee.session);
    expect(today.queue.find((q) => q.uuid === ticket.uuid)).toMatchObject({
      weigh_in_kg: 30_120,
      weigh_in_source: 'manual',
      weigh_in_reason: 'The scale is out of order',
    });
    await clerkContext.close();
    await context.close();
  });
});
