import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, freshLicence, signIn } from './support/demo-plant.ts';
import { fileBrowser } from './support/file-browser.ts';
import { shareNumber } from './support/same-number.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { issueTicket, type IssuedTicket } from './support/yard-plant.ts';

/**
 * The counters never act on the wrong truck (issue 15): a number two trucks inside hold is never
 * guessed, the gate's officer picks the truck; a truck whose work is not done leaves only once
 * the officer confirmed it, and the report says so.
 *
 * Two trucks holding one number happens after midnight only, so this file runs a server of its
 * own: it issues two tickets, stops the server, gives the older one yesterday's date and both
 * one number (support/same-number.ts), and starts the server again on the same data.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-counters-'));
let server: RunningServer | null = null;
let baseUrl = '';
// Before the file's own hooks: vitest runs afterAll hooks last in, first out, so the server stops
// (and its data goes) even when closing the browser fails.
const files = fileBrowser(() => baseUrl);
/** Yesterday's truck still inside and today's, holding the same number (general flow, finished). */
let older: IssuedTicket & { licence: string };
let newer: IssuedTicket & { licence: string };

beforeAll(async () => {
  server = await startServer({}, { dataDir });
  const employee = await signIn(server.baseUrl, 'employee@example.com', 'demo1234');
  const licences = [freshLicence(), freshLicence()] as const;
  const first = await issueTicket(server.baseUrl, employee.session, 'C', licences[0]);
  const second = await issueTicket(server.baseUrl, employee.session, 'C', licences[1]);
  await server.stop();
  server = null;
  // A number of the general flow's prefix no demo day reaches.
  const shared = `${first.queue_number.replace(/\d+$/, '')}9${String(Math.floor(Math.random() * 90) + 10)}`;
  await shareNumber(dataDir, first.uuid, second.uuid, shared, { finished: true });
  older = { ...first, queue_number: shared, licence: licences[0] };
  newer = { ...second, queue_number: shared, licence: licences[1] };
  server = await startServer({}, { dataDir });
  baseUrl = server.baseUrl;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The licences of the trucks that left today, as the gate's API lists them. */
async function exitedToday(): Promise<string[]> {
  const security = await signIn(baseUrl, 'security@example.com', 'demo1234');
  const { queue } = await post<{ queue: { truck_license: string }[] }>(
    baseUrl,
    'process/security/getExitToday',
    {},
    security.session,
  );
  return queue.map((q) => q.truck_license);
}

async function typeAtGate(gate: Page, queueNumber: string): Promise<void> {
  const field = gate.getByLabel('Queue number', { exact: true });
  await field.fill(queueNumber);
  await field.press('Enter');
}

/** The dialog listing the trucks inside that hold a number. */
function chooserOf(gate: Page, queueNumber: string) {
  return gate.getByRole('dialog', {
    name: `Several trucks hold number ${queueNumber} — choose the one you mean`,
  });
}

/**
 * Types a number at the gate for the truck with `licence`, until `next` shows. The demo's trucks
 * that waited overnight can hold today's number too: then the officer picks the plate in front
 * of them, as at a real gate.
 */
async function gateFor(gate: Page, queueNumber: string, licence: string, next: Locator): Promise<void> {
  await typeAtGate(gate, queueNumber);
  const chooser = chooserOf(gate, queueNumber);
  await next.or(chooser).first().waitFor();
  if (await chooser.isVisible()) await chooser.getByRole('button').filter({ hasText: licence }).click();
  await next.waitFor();
}

describe('the gate never guesses which truck a number means', () => {
  it('lists the trucks holding the number, and the pick lets out that truck only', async () => {
    const n = older.queue_number;
    const gate = await files.officerPage('security@example.com', 'demo1234', '/System/exitFactory');
    await typeAtGate(gate, n);

    const chooser = chooserOf(gate, n);
    await chooser.waitFor();
    const options = chooser.getByRole('group').getByRole('button');
    await expect.poll(() => options.count()).toBe(2);
    // Oldest first: yesterday's truck, marked as such, then today's.
    expect(await options.nth(0).innerText()).toContain(older.licence);
    expect(await options.nth(0).innerText()).toContain('From an earlier day');
    expect(await options.nth(1).innerText()).toContain(newer.licence);
    expect(await options.nth(1).innerText()).not.toContain('From an earlier day');
    // The first is focused: the arrow keys move, Enter picks (here: back up to yesterday's truck).
    await expect.poll(() => options.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
    await gate.keyboard.press('ArrowDown');
    await expect.poll(() => options.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await gate.keyboard.press('ArrowUp');
    await gate.keyboard.press('Enter');

    await chooser.waitFor({ state: 'hidden' });
    await gate.getByText(`The exit of queue number ${n} from the factory has been recorded`).waitFor();
    expect(await gate.getByRole('status').filter({ hasText: n }).innerText()).toContain(older.licence);
    // Yesterday's truck left; today's, with the same number, is still inside.
    expect(await exitedToday()).toContain(older.licence);
    expect(await exitedToday()).not.toContain(newer.licence);
    // Today's exits list it, marked with its ticket's earlier day.
    const row = gate.getByRole('row').filter({ hasText: older.licence });
    await row.getByTestId('earlier-day').waitFor();
  });
});

describe('the gate asks before letting an unfinished truck out', () => {
  it('names what is missing, and once confirmed the report marks the exit', async () => {
    const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
    const licence = freshLicence();
    // A standard-flow truck never called nor weighed.
    const ticket = await issueTicket(baseUrl, employee.session, 'B', licence);
    const n = ticket.queue_number;
    const gate = await files.officerPage('security@example.com', 'demo1234', '/System/exitFactory');

    // Asked, and not let out: nothing recorded.
    const ask = gate.locator('.ant-modal-confirm', {
      hasText: `Queue ${n} has not finished its work. Let it leave anyway?`,
    });
    await gateFor(gate, n, licence, ask);
    expect(await ask.innerText()).toContain('It was never called');
    expect(await ask.innerText()).toContain('It has not been weighed out');
    await ask.getByRole('button', { name: 'Not yet' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await exitedToday()).not.toContain(licence);

    // Asked again, and let out: the outcome says it left unfinished.
    await gateFor(gate, n, licence, ask);
    await ask.getByRole('button', { name: 'Let it leave' }).click();
    await gate
      .getByText(`The exit of queue number ${n} from the factory has been recorded (left unfinished)`)
      .waitFor();
    expect(await exitedToday()).toContain(licence);

    // The in/out report marks the row; its history names the exit.
    const manager = await files.officerPage('manager@example.com', 'demo1234', '/Report/inoutTransaction');
    await manager.getByTestId('inout-count').waitFor();
    await manager.getByLabel('Truck licence').fill(licence);
    await manager.getByRole('button', { name: 'View report' }).click();
    const row = manager.locator('.ant-table-tbody tr.ant-table-row', { hasText: n });
    await row.getByTestId('left-unfinished').waitFor();
    expect(await row.getByTestId('left-unfinished').innerText()).toBe('Left unfinished');
    await row.getByRole('button', { name: `History of queue ${n}` }).click();
    await expect
      .poll(() =>
        manager
          .getByTestId('queue-history')
          .locator('[data-action]')
          .evaluateAll((items) => items.map((i) => i.getAttribute('data-action'))),
      )
      .toEqual(['issue', 'exit_unfinished']);
    expect(await manager.getByTestId('queue-history').innerText()).toContain('Left the factory unfinished');
  });
});
