import type { Browser, Page } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot, type Language } from './support/screenshot-kit.ts';

/** The words the shots click, as the screens say them. */
const TEXT = {
  th: {
    products: 'สินค้า',
    addProduct: 'เพิ่มสินค้าใหม่',
    productName: 'ชื่อสินค้า',
    newProduct: 'มันเส้น',
    manage: 'จัดการ',
    addStation: 'เพิ่มสถานีใหม่',
    stationName: 'ชื่อสถานี',
    newStation: 'ลานเทมัน 3',
    setStates: 'กำหนดสถานะ',
    edit: 'แก้ไข',
    addScale: 'เพิ่มเครื่องชั่ง',
    addWeighbridge: 'เพิ่มสถานีตาชั่งใหม่',
    newWeighbridge: 'ตาชั่งขาออก',
    onlyFor: 'เฉพาะ:',
  },
  en: {
    products: 'Products',
    addProduct: 'Add a new product',
    productName: 'Product name',
    newProduct: 'Dried cassava chips',
    manage: 'Manage',
    addStation: 'Add a new station',
    stationName: 'Station name',
    newStation: 'Tipping bay 3',
    setStates: 'Set states',
    edit: 'Edit',
    addScale: 'Add scale',
    addWeighbridge: 'Add a new weighbridge station',
    newWeighbridge: 'Outbound scale',
    onlyFor: 'Only:',
  },
} as const satisfies Record<Language, Record<string, string>>;

const ADMIN = ['admin@example.com', 'admin1234'] as const;
const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

type Station = { uuid: string; name: string; weighbridge: boolean };

/**
 * Setting up a line (issue 36): the stations page with its weighbridge, a station's states and
 * its edit dialog, products and stations added from the dialogs that need them, a scale's
 * weighbridge stations (and none), a reject reason for one queue type only.
 */
export async function shootSetupScreens(browser: Browser, baseUrl: string): Promise<void> {
  const { session } = await signIn(baseUrl, ...ADMIN);
  // A reject reason of the demo's cassava loads only, last in its list.
  const { branchQT } = await post<{ branchQT: { id: number; prefix: string }[] }>(
    baseUrl,
    'defineQueue/branchQT',
    {},
    session,
  );
  const cassava = branchQT.find((q) => q.prefix === 'A')!;
  await post(
    baseUrl,
    'admin/yard/saveReason',
    { kind: 'reject', name: 'หัวมันปนดินเกินกำหนด', active: true, sort: 90, queue_type_ids: [cassava.id] },
    session,
  );
  const { station } = await post<{ station: Station[] }>(baseUrl, 'station/mainStation', {}, session);
  const weighbridges = station.filter((s) => s.weighbridge);
  const markWeighbridges = (weighbridge: boolean) =>
    Promise.all(
      weighbridges.map((s) =>
        post(baseUrl, 'station/doMainStation', { uuid: s.uuid, name: s.name, weighbridge }, session),
      ),
    );

  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const text = TEXT[language];
      const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
      await signInDirect(page, baseUrl, ...ADMIN);

      // The stations, the weighbridge among them; a station's states and its edit dialog.
      await page.goto('/System/station');
      const bay = page.locator('tr', { hasText: 'ลานเทมัน 1' });
      await bay.waitFor();
      await shoot(page, `stations-${suffix}`);
      await bay.getByRole('button', { name: text.setStates }).click();
      await modal(page).getByRole('checkbox').first().waitFor();
      await shoot(page, `station-states-${suffix}`);
      await page.keyboard.press('Escape');
      await modal(page).waitFor({ state: 'detached' });
      await page
        .locator('tr', { hasText: 'ตาชั่งรถบรรทุก' })
        .getByRole('button', { name: text.edit, exact: true })
        .click();
      await modal(page).getByRole('checkbox').waitFor();
      await shoot(page, `station-edit-weighbridge-${suffix}`);
      await page.keyboard.press('Escape');

      // A queue type's products dialog, adding a product.
      await page.goto('/System/defineQueue');
      await page.getByRole('button', { name: text.products }).first().click();
      await modal(page).getByRole('button', { name: text.addProduct }).click();
      await modal(page).getByLabel(text.productName).fill(text.newProduct);
      await shoot(page, `queue-type-products-add-${suffix}`);
      await page.keyboard.press('Escape');

      // The calling controller's station dialog, adding a station.
      await page.goto('/System/calling');
      await page
        .locator('tr', { hasText: 'employee@example.com' })
        .getByRole('button', { name: text.manage })
        .last()
        .click();
      await modal(page).getByRole('button', { name: text.addStation }).click();
      await modal(page).getByLabel(text.stationName).fill(text.newStation);
      await shoot(page, `calling-stations-add-${suffix}`);
      await page.keyboard.press('Escape');

      // A scale's station: the weighbridges only, and a new one added from the form.
      await page.goto('/System/weighbridge');
      await page.getByRole('button', { name: text.addScale }).click();
      await modal(page).getByTestId('scale-station').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
      await shoot(page, `scale-station-choices-${suffix}`);
      await page.keyboard.press('Escape');
      await modal(page).getByRole('button', { name: text.addWeighbridge }).click();
      await modal(page).getByLabel(text.stationName).fill(text.newWeighbridge);
      await shoot(page, `scale-station-add-${suffix}`);
      await closeModal(page);
      // No weighbridge at all: it says so and where to mark one.
      await markWeighbridges(false);
      try {
        await page.reload();
        await page.getByRole('button', { name: text.addScale }).click();
        await modal(page).locator('.ant-alert').waitFor();
        await shoot(page, `scale-station-none-${suffix}`);
      } finally {
        await markWeighbridges(true);
      }
      await closeModal(page);

      // The reject list: a reason for one queue type names it.
      await page.goto('/System/yardRules');
      const reject = page.getByTestId('reasons-reject');
      await reject.getByText(text.onlyFor).waitFor();
      await reject.scrollIntoViewIfNeeded();
      await shoot(page, `reasons-per-queue-type-${suffix}`);
      await reject.locator('tr', { hasText: 'หัวมันปนดินเกินกำหนด' }).getByRole('button').first().click();
      await modal(page).getByTestId('reason-queue-types').waitFor();
      await shoot(page, `reason-queue-types-${suffix}`);
      await page.context().close();
    }
  }
}

async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await modal(page).waitFor({ state: 'detached' });
}
