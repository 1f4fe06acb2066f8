import type { Browser, Page } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { fillDialogPlate } from './support/plates.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const MANAGER = ['manager@example.com', 'demo1234'] as const;
const EMPLOYEE = ['employee@example.com', 'demo1234'] as const;

type Kind = 'grower' | 'leader' | 'middleman' | 'company';
interface Seed {
  code: string;
  name: string;
  kind: Kind;
  phone?: string;
  leader?: string;
  vehicles: string[];
  /** RFID tags by plate (issue 42). */
  tags?: Record<string, string>;
  active?: boolean;
}

/**
 * Beside the demo's own (two group leaders, their growers, a middleman): a grower whose plates
 * the shots use, a company, and one who no longer delivers.
 */
const SUPPLIERS: Seed[] = [
  {
    code: '2568/0301',
    name: 'นายประยูร ทองคำ',
    kind: 'grower',
    leader: 'L-001',
    phone: '0861112233',
    vehicles: ['71-2345 ขอนแก่น', '3กข 4567 กาฬสินธุ์'],
    tags: { '71-2345 ขอนแก่น': 'E28011606000020912345AB1' },
  },
  {
    code: 'C-003',
    name: 'บริษัท อีสานแป้งมัน จำกัด',
    kind: 'company',
    phone: '021234567',
    vehicles: ['83-5555 ชัยภูมิ'],
  },
  { code: '2567/0990', name: 'นายสุชาติ ย้ายไป', kind: 'grower', vehicles: [], active: false },
];

const PROBLEM_CSV = [
  'รหัส,ชื่อ,ประเภท,โทรศัพท์,เลขผู้เสียภาษี,รหัสหัวหน้ากลุ่ม,ทะเบียนรถ,ใช้งาน',
  '2568/0401,นายดี มีสุข,ชาวไร่,0811111111,,L-001,75-1212 ขอนแก่น,ใช่',
  '2568/0402,,ชาวไร่,,,L-009,,ใช่',
  '2568/0403,นางงาม ใจดี,ชาวนา,12,1234567890123,,71-2345 ขอนแก่น,ใช่',
  '2568/0401,นายซ้ำ รหัสเดิม,grower,,,,,yes',
].join('\n');

async function seed(baseUrl: string): Promise<void> {
  const { session } = await signIn(baseUrl, ...MANAGER);
  const { suppliers } = await post<{ suppliers: { id: number; code: string }[] }>(
    baseUrl,
    'admin/supplier/list',
    { kind: 'leader', page_size: 100 },
    session,
  );
  const ids = new Map(suppliers.map((s) => [s.code, s.id]));
  for (const s of SUPPLIERS) {
    const { supplier } = await post<{ supplier: { id: number } }>(
      baseUrl,
      'admin/supplier/save',
      {
        code: s.code,
        name: s.name,
        kind: s.kind,
        phone: s.phone ?? null,
        tax_id: null,
        leader_id: s.leader ? ids.get(s.leader)! : null,
        active: s.active ?? true,
        vehicles: s.vehicles,
        ...(s.tags ? { vehicle_tags: s.tags } : {}),
      },
      session,
    );
    ids.set(s.code, supplier.id);
  }
}

async function openNewTicket(page: Page, language: 'th' | 'en'): Promise<void> {
  await page.getByRole('button', { name: language === 'th' ? /ออกบัตรคิว$/ : /New ticket$/ }).click();
  const ticket = page.getByRole('dialog');
  const product = ticket.getByLabel(language === 'th' ? 'สินค้า' : 'Product', { exact: true });
  for (let attempt = 0; attempt < 5 && (await product.isDisabled()); attempt++) {
    await ticket.getByLabel(language === 'th' ? 'ประเภทคิว' : 'Queue type', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ติดต่อทั่วไป' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
  }
  await fillDialogPlate(page, ticket, language, '71-2345 ขอนแก่น');
  await ticket.getByTestId('ticket-supplier-by-plate').waitFor();
}

/**
 * Suppliers (issue 39): the page with a plant's regulars, a supplier's edit dialog, the import
 * dialog with a file's problems, and New ticket with the supplier its plate found; Thai and
 * English, light and dark, at an office PC's 1366x768.
 */
export async function shootSupplierScreens(browser: Browser, baseUrl: string): Promise<void> {
  await seed(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
      await signInDirect(page, baseUrl, ...MANAGER);
      await page.goto('/System/suppliers');
      await page.locator('tr', { hasText: '2568/0141' }).waitFor();
      await shoot(page, `suppliers-${suffix}`);

      await page
        .getByRole('textbox', { name: /^(ค้นหารหัส ชื่อ หรือทะเบียนรถ|Search code, name or plate)$/ })
        .fill('2568/0301');
      await page
        .locator('tr', { hasText: '2568/0301' })
        .getByRole('button', { name: /^(แก้ไข|Edit)$/ })
        .click();
      await page.locator('.ant-modal-wrap:visible .ant-modal').getByText('71-2345 ขอนแก่น').first().waitFor();
      await shoot(page, `supplier-edit-${suffix}`);
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal-wrap:visible').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^(นำเข้าจากไฟล์|Import)$/ }).click();
      await page.getByTestId('supplier-import-file').setInputFiles({
        name: 'suppliers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(PROBLEM_CSV, 'utf8'),
      });
      await page.getByTestId('supplier-import-problems').waitFor();
      // The dialog scrolled to its problems' table, as the officer reads it.
      await page
        .getByTestId('supplier-import-problems')
        .locator('tbody tr.ant-table-row')
        .last()
        .scrollIntoViewIfNeeded();
      await shoot(page, `supplier-import-problems-${suffix}`);
      await page.keyboard.press('Escape');

      await signInDirect(page, baseUrl, ...EMPLOYEE);
      await page.goto('/System/manageCalling/1');
      await openNewTicket(page, language);
      await shoot(page, `new-ticket-supplier-${suffix}`);
      await page.context().close();
    }
  }
}
