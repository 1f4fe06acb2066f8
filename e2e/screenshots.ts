// `npm run screenshots`: starts the built app with demo data and writes docs/screenshots/*.png:
// every screen in Thai and English, light and dark, plus a few layouts and dialogs.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { shootBranchesScreens } from './screenshots-branches.ts';
import { shootCalendarScreens } from './screenshots-calendar.ts';
import { shootCounterScreens } from './screenshots-counters.ts';
import { shootDashboardScreens } from './screenshots-dashboard.ts';
import { shootDisplayScreens } from './screenshots-display.ts';
import { shootExportScreens } from './screenshots-export.ts';
import { shootKioskBookingScreens } from './screenshots-kiosk-booking.ts';
import { shootKioskScreens } from './screenshots-kiosk.ts';
import { shootLabScreens } from './screenshots-lab.ts';
import { shootPhoneScreens } from './screenshots-phones.ts';
import { shootPlateScreens } from './screenshots-plates.ts';
import { shootPrintingScreens } from './screenshots-printing.ts';
import { shootRefusalScreens } from './screenshots-refusals.ts';
import { shootReportScreens } from './screenshots-reports.ts';
import { shootScanScreens } from './screenshots-scan.ts';
import { shootSigninScreens } from './screenshots-signin.ts';
import { shootSlipScreens } from './screenshots-slip.ts';
import { shootEtaScreens } from './screenshots-eta.ts';
import { shootWaitAccuracyScreens } from './screenshots-wait-accuracy.ts';
import { shootAlertScreens } from './screenshots-alerts.ts';
import { shootIntegrationScreens, startWebhookReceiverForShots } from './screenshots-integrations.ts';
import { shootTareScreens } from './screenshots-tares.ts';
import { shootCameraScreens } from './screenshots-cameras.ts';
import { shootGoodsReceiptScreens } from './screenshots-goods-receipts.ts';
import { shootTimeBreakdownScreens } from './screenshots-time-breakdown.ts';
import { shootScorecardScreens } from './screenshots-scorecards.ts';
import { shootNotifyScreens } from './screenshots-notify.ts';
import { shootNotificationsScreens } from './screenshots-notifications.ts';
import { shootOrderScreens } from './screenshots-order.ts';
import { shootWeighbridgeScreens } from './screenshots-weighbridge.ts';
import { shootSetupScreens } from './screenshots-setup.ts';
import { shootYardScreens } from './screenshots-yard.ts';
import { shootCallOrderScreens } from './screenshots-call-order.ts';
import { shootSeasonScreens } from './screenshots-seasons.ts';
import { shootSupplierScreens } from './screenshots-suppliers.ts';
import { shootBookingScreens } from './screenshots-bookings.ts';
import { shootSupplierPortalScreens } from './screenshots-supplier-portal.ts';
import { launchBrowser, signInDirect } from './support/browser.ts';
import { openSummaryLastWeek, OUT, preparePage, shoot } from './support/screenshot-kit.ts';
import { startServer } from './support/server.ts';

const ADMIN = ['admin@example.com', 'admin1234'] as const;
const DEMO = 'demo1234';

/** The screens, who looks at them, and what to open first. */
const SCREENS: {
  name: string;
  path: string;
  user: readonly [string, string];
  open?: (page: Page) => Promise<void>;
}[] = [
  { name: 'dashboard', path: '/System/dashboard', user: ADMIN },
  { name: 'manage-calling', path: '/System/manageCalling/1', user: ['employee@example.com', DEMO] },
  { name: 'report-by-flow', path: '/System/manageCalling/1', user: ADMIN, open: openFirstFlowReport },
  { name: 'lab-result', path: '/System/manageResultLab', user: ['lab@example.com', DEMO] },
  { name: 'weighing', path: '/System/weighing', user: ['employee@example.com', DEMO] },
  { name: 'exit', path: '/System/exitFactory', user: ['security@example.com', DEMO] },
  { name: 'manage-users', path: '/System/manageUser', user: ADMIN },
  // An Admin (role 1) sees the SuperAdmin's and the branch-switching manager's rows locked.
  { name: 'manage-users-admin', path: '/System/manageUser', user: ['officeradmin@example.com', DEMO] },
  { name: 'calling-controller', path: '/System/calling', user: ADMIN },
  { name: 'display-controller', path: '/System/display', user: ADMIN },
  { name: 'printing-controller', path: '/System/printing', user: ADMIN },
  { name: 'define-queue', path: '/System/defineQueue', user: ADMIN },
  // A queue type the plant names itself (issue 36): the add dialog's own-name mode.
  { name: 'define-queue-own-type', path: '/System/defineQueue', user: ADMIN, open: openOwnQueueType },
  { name: 'stations', path: '/System/station', user: ADMIN },
  { name: 'products', path: '/System/product', user: ADMIN },
  {
    name: 'inout-report',
    path: '/Report/inoutTransaction',
    user: ['manager@example.com', DEMO],
    open: openInOutLastWeek,
  },
  {
    name: 'summary-report',
    path: '/Report/summary',
    user: ['manager@example.com', DEMO],
    open: openSummaryLastWeek,
  },
];

async function openFirstFlowReport(page: Page): Promise<void> {
  await page.locator('a[href^="/System/reportQueue/"]').first().click();
  await page.waitForURL('**/System/reportQueue/**');
}

async function openOwnQueueType(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^(เพิ่มประเภทคิว|Add queue type)$/ })
    .first()
    .click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
  await dialog.getByText(/^(ตั้งชื่อประเภทคิวใหม่|Name a new type)$/).click();
  await dialog.getByRole('textbox', { name: /^(ชื่อประเภทคิว|Queue type name)$/ }).fill('ส่งมันเส้น');
  await dialog.locator('label.ant-radio-button-wrapper').last().click();
  await dialog.getByRole('textbox', { name: /^(อักษรนำหน้าคิว|Prefix)$/ }).fill('MS');
}

async function openFirstWaitingQueue(page: Page): Promise<void> {
  await page.locator('[data-column="waiting"] button').first().click();
  await page.getByRole('dialog').waitFor();
}

/** The in/out report over the last 7 days: the end date opens on the plant's today. */
async function openInOutLastWeek(page: Page): Promise<void> {
  const [day, month, year] = (await page.locator('#inout-finish').inputValue()).split('/').map(Number);
  const start = new Date(Date.UTC(year!, month! - 1, day! - 6));
  const pad = (n: number) => String(n).padStart(2, '0');
  await page
    .locator('#inout-start')
    .fill(`${pad(start.getUTCDate())}/${pad(start.getUTCMonth() + 1)}/${start.getUTCFullYear()}`);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^(ดูรายงาน|View report)$/ }).click();
  await page.getByText(/ – /).first().waitFor();
  await page.mouse.move(0, 0);
}

/**
 * `SHOTS=display,kiosk npm run screenshots` shoots only those sections (names below); without
 * it, every section. A section that changes the demo data (yard) stays last.
 */
const only = process.env.SHOTS?.split(',').map((name) => name.trim());
const wanted = (section: string) => !only || only.includes(section);

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  // The integrations' webhooks go to a stand-in for the ERP, on this machine, that the server trusts.
  const receiver = wanted('integrations') ? await startWebhookReceiverForShots() : null;
  const server = await startServer(receiver?.env ?? {});
  const browser = await launchBrowser();
  try {
    if (wanted('screens')) await shootMainScreens(browser, server.baseUrl);
    if (wanted('display')) await shootDisplayScreens(browser, server.baseUrl);
    if (wanted('kiosk')) await shootKioskScreens(browser, server.baseUrl);
    if (wanted('plates')) await shootPlateScreens(browser, server.baseUrl);
    if (wanted('counters')) await shootCounterScreens(browser, server.baseUrl);
    // The calling, lab, gate and weighing pages on a phone (390x844).
    if (wanted('phones')) await shootPhoneScreens(browser, server.baseUrl);
    // The ticket's codes, the driver's page (on a phone) and the camera's view.
    if (wanted('scan')) await shootScanScreens(browser, server.baseUrl);
    // Refusals that say why (passwords, the lock-out, New ticket) and whole-kilogram weights.
    if (wanted('refusals')) await shootRefusalScreens(browser, server.baseUrl);
    // The Excel exports printed to PDF by LibreOffice, and the summary's Export button.
    if (wanted('export')) await shootExportScreens(browser, server.baseUrl);
    // The branch's calendar, BE and CE: a table, a picker, the kiosk's ticket, the TV.
    if (wanted('calendar')) await shootCalendarScreens(browser, server.baseUrl);
    // The reports at 1366x768, with scrollbars.
    if (wanted('reports')) await shootReportScreens(browser, server.baseUrl);
    if (wanted('dashboard')) await shootDashboardScreens(browser, server.baseUrl);
    // The office's printing: printers' health, the not-printed mark, reprint, prints in the history.
    if (wanted('printing')) await shootPrintingScreens(browser, server.baseUrl);
    // The Weighbridge controller and the weighing page fed live by a scale (it adds two scales).
    if (wanted('weighbridge')) await shootWeighbridgeScreens(browser, server.baseUrl);
    // The lab's measurements, values at checkout, on the card and in the calling dialog.
    if (wanted('lab')) await shootLabScreens(browser, server.baseUrl);
    // The receiving slip on the driver's phone, a dispute, and the admins' Disputes page.
    if (wanted('slip')) await shootSlipScreens(browser, server.baseUrl);
    // The expected wait for the call on the driver's phone.
    if (wanted('eta')) await shootEtaScreens(browser, server.baseUrl);
    // How often the expected wait held (issue 40): the admins' chart of the demo's week.
    if (wanted('wait-accuracy')) await shootWaitAccuracyScreens(browser, server.baseUrl);
    // The manager's alerts (issue 41): the bell, the banner, the alerts page (its own server, with LINE).
    if (wanted('alerts')) await shootAlertScreens(browser);
    // Where the time goes (issue 41): stages by hour and day, the heat map, stations and officers.
    if (wanted('time-breakdown')) await shootTimeBreakdownScreens(browser, server.baseUrl);
    if (wanted('scorecards')) await shootScorecardScreens(browser, server.baseUrl);
    // Integration keys (issue 42): the list, a new key, the key shown once, a key's calls.
    if (receiver) await shootIntegrationScreens(browser, server.baseUrl, receiver.url);
    // Vehicles at the weighbridge (issue 42): stored tares, weight warnings, the legal gross.
    if (wanted('tares')) await shootTareScreens(browser, server.baseUrl);
    // Plate cameras (issue 42): the gate's reads, the deck camera on the weighing page, the slip's picture.
    if (wanted('cameras')) await shootCameraScreens(browser, server.baseUrl);
    // ERP goods receipts (issue 42): a day's receipts with a cancelling correction, the ERP codes card.
    if (wanted('goods-receipts')) await shootGoodsReceiptScreens(browser, server.baseUrl);
    // "Notify me" on the driver's phone: the privacy notice, the choices, on.
    if (wanted('notify')) await shootNotifyScreens(browser, server.baseUrl);
    // The admins' Driver notifications page, with three months of messages and a few failures.
    if (wanted('notifications')) await shootNotificationsScreens(browser, server.baseUrl);
    // Setting up a line: stations and products added from the dialogs, weighbridges, reasons per queue type.
    if (wanted('setup')) await shootSetupScreens(browser, server.baseUrl);
    // Who goes first (issue 38): a line's rule, its editor, the call order report.
    if (wanted('order')) await shootOrderScreens(browser, server.baseUrl);
    // Sign-in, landing and language (issue 36): it adds an officer who signs in with a username.
    if (wanted('signin')) await shootSigninScreens(browser, server.baseUrl);
    // Suppliers (issue 39): the page, its edit and import dialogs, New ticket with a plate's supplier.
    if (wanted('suppliers')) await shootSupplierScreens(browser, server.baseUrl);
    // Seasons and quotas (issue 39): the seasons, a season's quotas, its edit dialog.
    if (wanted('seasons')) await shootSeasonScreens(browser, server.baseUrl);
    // Bookings (issue 39): the booking plan, a week of bookings, booking a slot, handing out slots.
    if (wanted('bookings')) await shootBookingScreens(browser, server.baseUrl);
    // Check-in of a booked truck (issue 39): the kiosk's booking step and the desk's Booking code.
    if (wanted('kiosk-booking')) await shootKioskBookingScreens(browser, server.baseUrl);
    // The supplier's booking page on a phone (issue 39): sign-in, its quota and bookings, booking; the office's PIN slip.
    if (wanted('supplier-portal')) await shootSupplierPortalScreens(browser, server.baseUrl);
    // Last: it adds a second lab-flow queue type, which the screens above must not show.
    if (wanted('yard')) await shootYardScreens(browser, server.baseUrl);
    // Who goes first (issue 38): the calling desk with a line's order rule.
    if (wanted('call-order')) await shootCallOrderScreens(browser, server.baseUrl);
    // Every branch at a glance (issue 41), after the others: it adds an Admin who holds both demo
    // branches, gives the second branch a line and three trucks, and registers the demo's display
    // to a screen that is not on (offline).
    if (wanted('branches')) await shootBranchesScreens(browser, server.baseUrl);
  } finally {
    await browser.close();
    await server.stop();
    await receiver?.close();
  }
}

/** Every back-office screen in Thai and English, light and dark, and a few layouts. */
async function shootMainScreens(browser: Browser, baseUrl: string): Promise<void> {
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const page = await preparePage(browser, baseUrl, language, mode);
      await page.goto('/authen/login');
      await shoot(page, `login-${suffix}`);
      for (const screen of SCREENS) {
        await signInDirect(page, baseUrl, ...screen.user);
        await page.goto(screen.path);
        await screen.open?.(page);
        await shoot(page, `${screen.name}-${suffix}`);
      }
      if (mode === 'light') {
        await signInDirect(page, baseUrl, 'employee@example.com', DEMO);
        await page.goto('/System/manageCalling/1');
        await openFirstWaitingQueue(page);
        await shoot(page, `manage-calling-dialog-${suffix}`);
        await page.getByRole('dialog').locator('.ant-modal-close').click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: language === 'th' ? /ออกบัตรคิว$/ : /New ticket$/ }).click();
        await shoot(page, `new-ticket-${suffix}`);
        // A licence that a spreadsheet would run as a formula is refused, and the form says why.
        const licence = page
          .getByRole('dialog')
          .getByLabel(language === 'th' ? 'เลขทะเบียน' : 'Plate number', { exact: true });
        await licence.fill('=1+1');
        await licence.blur();
        await page.getByRole('dialog').locator('.ant-form-item-explain-error').waitFor();
        await shoot(page, `new-ticket-formula-licence-${suffix}`);
        await page.keyboard.press('Escape');

        await signInDirect(page, baseUrl, ...ADMIN);
        await page.goto('/System/dashboard');
        await page
          .getByRole('button', { name: language === 'th' ? 'ตั้งค่าการแสดงผล' : 'Display settings' })
          .click();
        await shoot(page, `settings-panel-${suffix}`);
        await page.keyboard.press('Escape');
        await page.goto('/forgot-password');
        await shoot(page, `forgot-password-${suffix}`);

        // Register with an id no screen is showing: refused, and the dialog says so.
        await signInDirect(page, baseUrl, ...ADMIN);
        await page.goto('/System/display');
        await page
          .getByRole('button', { name: language === 'th' ? 'ลงทะเบียน' : 'Register' })
          .first()
          .click();
        const register = page.getByRole('dialog');
        await register.getByPlaceholder('K7MQ4XPR').fill('QQQQ9999');
        await register.getByRole('button', { name: language === 'th' ? 'ลงทะเบียน' : 'Register' }).click();
        await register.locator('.ant-form-item-explain-error').waitFor();
        await shoot(page, `register-device-not-waiting-${suffix}`);
        await page.keyboard.press('Escape');
        await register.waitFor({ state: 'detached' });
        // A display's edit: its name, and how long a call stays under "now calling" on it.
        await page
          .getByRole('button', { name: language === 'th' ? 'แก้ไข' : 'Edit' })
          .first()
          .click();
        await page.getByRole('dialog').waitFor();
        await shoot(page, `display-edit-${suffix}`);
        await page.keyboard.press('Escape');
      }
      await page.context().close();
    }
  }

  // Other layouts and roles, in Thai.
  const page = await preparePage(browser, baseUrl, 'th', 'light');
  await page.addInitScript(() =>
    localStorage.setItem(
      'layoutSettings',
      JSON.stringify({ orientation: 'horizontal', mode: 'light', width: 'boxed', topbarTheme: 'colored' }),
    ),
  );
  await signInDirect(page, baseUrl, 'manager@example.com', DEMO);
  await page.goto('/System/manageCalling/1');
  await shoot(page, 'shell-horizontal-boxed-th-light');
  await page.context().close();

  const narrow = await preparePage(browser, baseUrl, 'th', 'light', 390);
  await signInDirect(narrow, baseUrl, 'employee@example.com', DEMO);
  await narrow.goto('/System/manageUser');
  await shoot(narrow, 'forbidden-employee-th-light');
  await narrow.context().close();
}

await main();
