import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { branchesAdmin, type HeldBranch } from './support/branches.ts';
import { employeeSession, issueStandardTicket, freshLicence } from './support/demo-plant.ts';
import { ENGLISH, fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** Every branch at a glance (issue 41), as an Admin who holds the demo's branches sees it. */
let officer: Awaited<ReturnType<typeof branchesAdmin>>;
let home: HeldBranch;
let other: HeldBranch;

const card = (page: Page, branch: HeldBranch) => page.getByTestId(`branch-card-${branch.id}`);
const inside = async (page: Page, branch: HeldBranch) =>
  Number((await card(page, branch).getByTestId('branch-inside').innerText()).replace(/[^\d]/g, ''));

beforeAll(async () => {
  officer = await branchesAdmin(
    baseUrl,
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
  );
  home = officer.branches.find((b) => b.id === officer.signedIn.branchId)!;
  other = officer.branches.find((b) => b.id !== home.id)!;
});

describe('the branches page', () => {
  it('shows every branch held, goes into one, and follows another branch live', async () => {
    const page = files.keepForFile(
      await files.officerPage(officer.email, officer.password, '/System/branches', ENGLISH),
    );
    // Every branch the switcher offers, the officer's own first and marked.
    for (const branch of officer.branches) await card(page, branch).waitFor();
    expect(await page.locator('[data-testid^="branch-card-"]').count()).toBe(officer.branches.length);
    await expect.poll(() => card(page, home).innerText()).toContain('Your current branch');
    expect(await card(page, home).innerText()).toMatch(/Trucks today/);
    // The demo's trucks of last evening are still inside its first branch.
    expect(await inside(page, home)).toBeGreaterThan(0);

    // Into the other branch: the session switches to it and its dashboard opens.
    await card(page, other)
      .getByRole('button', { name: `Open ${other.name}` })
      .click();
    await page.waitForURL('**/System/dashboard');
    await page.getByRole('button', { name: `Switch branch: ${other.name}` }).waitFor();

    // Back on the page, the first branch is no longer the session's: a truck issued there still
    // reaches the page (branchesChanged), without a reload.
    await page.goto('/System/branches');
    await expect.poll(() => card(page, other).innerText()).toContain('Your current branch');
    const before = await inside(page, home);
    const { session } = await employeeSession(baseUrl);
    await issueStandardTicket(baseUrl, session, freshLicence());
    await expect.poll(() => inside(page, home), { timeout: 20_000 }).toBeGreaterThan(before);
  });
});
