import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const MANAGER = ['manager@example.com', 'demo1234'] as const;

interface SeasonWire {
  id: number;
  name: string;
  product: number;
  product_name: string;
  starts_on: string;
  ends_on: string;
}

/**
 * Beside the demo's season of cassava (in tonnes, warning): the same crop year of chips, counted
 * in loads and refusing a booking past a quota, with a quota for each of the demo's growers.
 */
async function seed(baseUrl: string): Promise<void> {
  const { session } = await signIn(baseUrl, ...MANAGER);
  const { seasons } = await post<{ seasons: SeasonWire[] }>(baseUrl, 'admin/season/list', {}, session);
  const cassava = seasons.find((s) => s.product_name === 'หัวมันสด');
  if (!cassava || seasons.some((s) => s.name.startsWith('มันเส้น'))) return;
  const { product } = await post<{ product: { id: number; name: string }[] }>(
    baseUrl,
    'report/products',
    {},
    session,
  );
  const chips = product.find((p) => p.name === 'มันเส้น')!;
  const { season } = await post<{ season: SeasonWire }>(
    baseUrl,
    'admin/season/save',
    {
      name: `มันเส้น ${cassava.name}`,
      product: chips.id,
      starts_on: cassava.starts_on,
      ends_on: cassava.ends_on,
      unit: 'loads',
      over_quota: 'refuse',
      active: true,
    },
    session,
  );
  const { rows } = await post<{ rows: { supplier_id: number; code: string }[] }>(
    baseUrl,
    'admin/season/quotas',
    { season_id: season.id, find: '2568/', page_size: 50 },
    session,
  );
  await post(
    baseUrl,
    'admin/season/saveQuotas',
    {
      season_id: season.id,
      quotas: rows.map((r, i) => ({ supplier_id: r.supplier_id, entitlement: 6 + ((i * 5) % 14) })),
    },
    session,
  );
}

/**
 * Seasons and quotas (issue 39): the page with the cassava season's quotas (one grower past it),
 * and the season's edit dialog; Thai and English, light and dark, at an office PC's 1366x768.
 */
export async function shootSeasonScreens(browser: Browser, baseUrl: string): Promise<void> {
  await seed(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
      await signInDirect(page, baseUrl, ...MANAGER);
      await page.goto('/System/seasons');
      // The cassava season, counted in tonnes, one grower past its quota.
      await page.locator('tr', { hasText: 'หัวมันสด' }).first().click();
      await page.getByTestId('quota-card').getByText('หัวมันสด').waitFor();
      await page.getByTestId('quota-card').locator('tr', { hasText: '2568/0141' }).waitFor();
      await shoot(page, `seasons-${suffix}`);
      // Scrolled down to the quotas, as the office reads them.
      await page.getByTestId('quota-card').scrollIntoViewIfNeeded();
      await shoot(page, `season-quotas-${suffix}`);

      await page
        .locator('tr', { hasText: 'หัวมันสด' })
        .first()
        .getByRole('button', { name: /^(แก้ไข|Edit)$/ })
        .click();
      await page.locator('.ant-modal-wrap:visible .ant-modal .ant-picker-range').waitFor();
      await shoot(page, `season-edit-${suffix}`);
      await page.context().close();
    }
  }
}
