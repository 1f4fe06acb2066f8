import { DEFAULT_GROSS_LIMITS } from '@truck-queue/shared/queue/weight-checks';
import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { freshLicence, issueAndCall, issueStandardTicket, post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * Vehicles at the weighbridge (issue 42, part 5), Thai and English, light and dark: the weighing
 * page offering a truck's stored tare, its warning before weights over a cane truck's legal gross
 * are recorded, the slip of a truck finished on its stored tare with a warning kept, the
 * Weighbridge page's weighing rules and stored tares, and a product's weighing limits.
 */

const ADMIN = ['admin@example.com', 'admin1234'] as const;
const REASON = 'ตาชั่งขัดข้อง';

interface Truck {
  queueNumber: string;
  uuid: string;
}

async function setUp(baseUrl: string) {
  const admin = (await signIn(baseUrl, ...ADMIN)).session;
  const call = <T>(path: string, body: object) => post<T>(baseUrl, path, body, admin);
  await call('weighbridge/saveWeighingRules', {
    stored_tare_allowed: true,
    stored_tare_days: 30,
    gross_limits: { ...DEFAULT_GROSS_LIMITS },
  });
  // A truck whose vehicle's empty weight is on record, weighed in loaded and called to unload.
  const tarePlate = freshLicence();
  await call('weighbridge/saveStoredTare', { licence: tarePlate, kg: 11_240 });
  const onTare: Truck = await issueAndCall(baseUrl, 0, tarePlate);
  const weighed = await call<{ queue: { product_name: string } }>('process/weighing/weighIn', {
    uuid: onTare.uuid,
    weight: 24_650,
    reason: REASON,
  });
  // Its product: a cane truck's load, 8 to 16 t net.
  const { product } = await call<{ product: { uuid: string; name: string }[] }>('product/mainProduct', {});
  const cane = product.find((p) => p.name === weighed.queue.product_name)!;
  await call('product/doMainProduct', {
    uuid: cane.uuid,
    name: cane.name,
    min_net_kg: 8_000,
    max_net_kg: 16_000,
    vehicle_class: 'cane_truck',
  });
  // A few more vehicles' tares for the office's list.
  for (const [i, kg] of [10_980, 12_050.5, 9_870].entries())
    await call('weighbridge/saveStoredTare', { licence: `${81 + i}-${4410 + i} ขอนแก่น`, kg });
  // An overloaded truck finished on its stored tare: over the legal gross, confirmed; its slip.
  const overPlate = freshLicence();
  await call('weighbridge/saveStoredTare', { licence: overPlate, kg: 11_020 });
  const over: Truck = await issueAndCall(baseUrl, 0, overPlate);
  await call('process/weighing/weighIn', {
    uuid: over.uuid,
    weight: 26_480,
    reason: REASON,
    confirm_weight_warnings: true,
  });
  await call('process/weighing/finishOnStoredTare', { uuid: over.uuid, confirm_weight_warnings: true });
  // A truck about to be weighed in, over the limit: the page asks first.
  const employee = (await signIn(baseUrl, 'employee@example.com', 'demo1234')).session;
  const heavy = await issueStandardTicket(baseUrl, employee, freshLicence());
  return { onTare, over, heavy, product: cane.name };
}

const WORDS = {
  th: { edit: 'แก้ไข', slip: 'ใบรับสินค้า' },
  en: { edit: 'Edit', slip: 'Slip' },
} as const;

export async function shootTareScreens(browser: Browser, baseUrl: string): Promise<void> {
  const { onTare, over, heavy, product } = await setUp(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const p = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(p, baseUrl, ...ADMIN);

      // The weighing page: the truck's stored tare, and the button that finishes on it.
      await p.goto('/System/weighing');
      await p.locator('#weighing-queue-number').fill(onTare.queueNumber);
      await p.getByTestId('finish-on-stored-tare').waitFor();
      await shoot(p, `tares-weighing-${suffix}`);

      // Over a cane truck's 25 t: the page asks before recording it.
      await p.locator('#weighing-queue-number').fill(heavy.queueNumber);
      await p.locator('#weighing-weight').fill('26800');
      await p.locator('#weighing-reason').fill(REASON);
      await p.getByTestId('weigh-in').click();
      await p.getByTestId('weight-warnings').waitFor();
      await shoot(p, `tares-warning-${suffix}`);
      await p.keyboard.press('Escape');
      await p.getByTestId('weight-warnings').waitFor({ state: 'hidden' });

      // The slip of the truck finished on its stored tare, its warning kept.
      await p.getByTestId(`slip-${over.uuid}`).click();
      await p.getByTestId('slip-image').waitFor();
      await shoot(p, `tares-slip-${suffix}`);
      await p.keyboard.press('Escape');

      // The Weighbridge page: its rules and the vehicles' stored tares.
      await p.goto('/System/weighbridge');
      await p.getByTestId('stored-tares-card').locator('.ant-table-row').first().waitFor();
      await p.getByTestId('weighing-rules-card').scrollIntoViewIfNeeded();
      await shoot(p, `tares-rules-${suffix}`);
      await p.getByTestId('stored-tares-card').scrollIntoViewIfNeeded();
      await shoot(p, `tares-list-${suffix}`);

      // A product's weighing limits.
      await p.goto('/System/product');
      await p
        .locator('.ant-table-row', { hasText: product })
        .getByRole('button', { name: WORDS[language].edit })
        .click();
      await p.getByTestId('product-vehicle-class').waitFor();
      await shoot(p, `tares-product-${suffix}`);
      await p.context().close();
    }
  }
}
