import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDialog as dialog } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/**
 * A line of its own, retired after: the e2e server is shared by every test file, and a rule that
 * asks reasons or holds trucks on a demo line would change what the other files' officers see.
 */
const LINE = 'สายทดสอบลำดับ E2E';
let admin: { session: string };
let lineUuid = '';

beforeAll(async () => {
  admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { branchQT } = await post<{ branchQT: { id: number; uuid: string } }>(
    baseUrl,
    'defineQueue/doBranchQT',
    { name: LINE, flow_engine_id: 2, prefix: 'ZQO', status: '1' },
    admin.session,
  );
  lineUuid = branchQT.uuid;
  const { product } = await post<{ product: { id: number; name: string }[] }>(
    baseUrl,
    'product/mainProduct',
    {},
    admin.session,
  );
  const chips = product.find((p) => p.name === 'มันเส้น')!;
  const roots = product.find((p) => p.name === 'หัวมันสด')!;
  await post(
    baseUrl,
    'product/manageProduct',
    { id: branchQT.id, product: [chips.id, roots.id] },
    admin.session,
  );
});

afterAll(async () => {
  if (lineUuid) await post(baseUrl, 'defineQueue/cancelQT', { uuid: lineUuid }, admin.session);
});

describe("an admin sets a line's call order in Define Queue (issue 38)", () => {
  it('sets a class with a cap and an out-of-order reason, sees the rule in short, then goes back to first come, first served', async () => {
    const page = await files.officerPage('admin@example.com', 'admin1234', '/System/defineQueue', THAI);
    const row = page.locator('tr', { hasText: LINE });
    await expect.poll(() => row.locator('[data-testid="order-rule-tag"]').innerText()).toBe('มาก่อนได้ก่อน');

    await row.getByRole('button', { name: /ลำดับการเรียก/ }).click();
    const editor = dialog(page);
    await editor.getByText(`ลำดับการเรียก: ${LINE} (ZQO)`).waitFor();
    await editor.locator('label.ant-radio-button-wrapper', { hasText: 'ตามกฎ' }).click();
    await editor.getByRole('button', { name: /เพิ่มกลุ่ม/ }).click();

    // Saved without a name: the class's name is asked for, nothing is sent.
    await editor.getByRole('button', { name: /บันทึก/ }).click();
    await editor.getByText('กรุณาใส่ชื่อกลุ่ม').waitFor();

    await editor.getByRole('textbox', { name: 'ชื่อกลุ่ม' }).fill('มันเส้นแห้ง');
    await editor.getByRole('combobox', { name: 'สินค้าในกลุ่มนี้' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('มันเส้น', { exact: true }).click();
    await page.keyboard.press('Escape');
    await editor.getByRole('checkbox', { name: 'จำกัดต่อวัน' }).check();
    await editor.getByRole('spinbutton', { name: 'ไม่เกินกี่เปอร์เซ็นต์' }).fill('30');
    await editor.getByRole('checkbox', { name: /ต้องระบุเหตุผล/ }).check();
    const summary = 'มันเส้นแห้ง : รถทั่วไป = 2 : 1 · มันเส้นแห้งไม่เกิน 30 % ของเที่ยว · เรียกข้ามลำดับต้องมีเหตุผล';
    await expect.poll(() => editor.getByTestId('order-rule-summary').innerText()).toBe(summary);
    await editor.getByRole('button', { name: /บันทึก/ }).click();

    // The table says the rule in short; reopened, the dialog shows what was saved.
    await expect.poll(() => row.locator('[data-testid="order-rule-tag"]').innerText()).toBe(summary);
    await row.getByRole('button', { name: /ลำดับการเรียก/ }).click();
    await expect.poll(() => editor.getByRole('textbox', { name: 'ชื่อกลุ่ม' }).inputValue()).toBe('มันเส้นแห้ง');
    expect(await editor.getByRole('spinbutton', { name: 'ไม่เกินกี่เปอร์เซ็นต์' }).inputValue()).toBe('30');

    // Back to first come, first served.
    await editor.locator('label.ant-radio-button-wrapper', { hasText: 'มาก่อนได้ก่อน' }).click();
    await editor.getByRole('button', { name: /บันทึก/ }).click();
    await expect.poll(() => row.locator('[data-testid="order-rule-tag"]').innerText()).toBe('มาก่อนได้ก่อน');
    const { rule } = await post<{ rule: unknown }>(
      baseUrl,
      'admin/queueType/orderRule',
      { id_branchQT: await lineId() },
      admin.session,
    );
    expect(rule).toBeNull();
  });
});

async function lineId(): Promise<number> {
  const { branchQT } = await post<{ branchQT: { id: number; uuid: string }[] }>(
    baseUrl,
    'defineQueue/branchQT',
    {},
    admin.session,
  );
  return branchQT.find((t) => t.uuid === lineUuid)!.id;
}
