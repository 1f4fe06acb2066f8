import type { Browser, Page } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { branchesAdmin, fillBranch } from './support/branches.ts';
import { post, signIn } from './support/demo-plant.ts';
import { newIdentity, registerDevice } from './support/devices.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * Every branch at a glance (issue 41): the demo's two branches as an Admin who holds both sees
 * them (the second given a line and a few trucks first, the first's display offline and an alert
 * rule finding its long waits), Thai and English, light and dark, at a desk's 1440 and a phone's 390.
 */
export async function shootBranchesScreens(browser: Browser, baseUrl: string): Promise<void> {
  const officer = await branchesAdmin(baseUrl, `shots-${Date.now().toString(36)}`);
  const home = officer.branches.find((b) => b.id === officer.signedIn.branchId)!;
  const other = officer.branches.find((b) => b.id !== home.id);
  if (other) await fillBranch(baseUrl, officer.signedIn.session, other, home, 3);
  // The demo's display registered to a screen that is not on: shown offline, in red.
  await registerDevice(baseUrl, 'display', newIdentity());
  // A rule of two hours for the trucks waiting for their call: the home branch's alerts no one
  // has acknowledged are counted on its card (not urgent: no banner over the page).
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  await post(
    baseUrl,
    'admin/saveAlertRule',
    {
      kind: 'waiting_call',
      branch_queue_type_id: null,
      threshold_minutes: 120,
      threshold_percent: null,
      repeat_minutes: 0,
      urgent: false,
      active: true,
    },
    admin.session,
  );

  const open = async (page: Page) => {
    await signInDirect(page, baseUrl, officer.email, officer.password);
    await page.goto('/System/branches');
    for (const branch of officer.branches) await page.getByTestId(`branch-card-${branch.id}`).waitFor();
    await page.mouse.move(0, 0);
  };

  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const page = await preparePage(browser, baseUrl, language, mode);
      await open(page);
      await shoot(page, `branches-overview-${language}-${mode}`);
      await page.context().close();
    }
  }
  const phone = await preparePage(browser, baseUrl, 'th', 'light', 390, 844);
  await open(phone);
  await shoot(phone, 'branches-overview-th-light-390', true);
  await phone.context().close();
}
