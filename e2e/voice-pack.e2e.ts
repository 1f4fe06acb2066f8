import { describe, expect, inject, it } from 'vitest';
import { openDialog } from './support/browser.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { wavFile } from './support/voice.ts';

/**
 * The branch's voice pack in the Display controller (issue 17, item 1): the admin sees every
 * token with where its clip comes from, uploads a recording of one (refused when it is not
 * audio), and removes it again; a display's sentence is checked with a Thai reason.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

const adminPage = () => files.officerPage('admin@example.com', 'admin1234', '/System/display', THAI);

/** Half a second of a 440 Hz tone, 16 kHz 16-bit mono. */
function toneWav(): Buffer {
  const rate = 16_000;
  const samples = Math.round(rate / 2);
  const pcm16 = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    pcm16.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  return wavFile(pcm16, rate);
}

describe('the voice clips of the Display controller', () => {
  it('lists the tokens, takes a recording of one, refuses a file that is not audio, and removes it', async () => {
    const page = await adminPage();
    await page.getByTestId('voice-clips-open').click();
    const dialog = openDialog(page);
    const source = dialog.getByTestId('voice-source-7');
    // Made at start in the background: generated (or still being made on a slow machine).
    await expect.poll(() => source.innerText(), { timeout: 15_000 }).toMatch(/เสียงที่ระบบสร้าง|กำลังสร้างเสียง/);
    const row = dialog.locator('tr', { has: page.getByTestId('voice-source-7') });
    await expect.poll(() => row.innerText()).toContain('เจ็ด');

    // Not audio, whatever its name: refused, and the clip stays as it was.
    await row.locator('input[type=file]').setInputFiles({
      name: 'seven.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from('this is a text file, not a recording'),
    });
    await expect.poll(() => page.locator('.ant-message-error').count()).toBeGreaterThan(0);
    expect(await source.innerText()).not.toContain('เสียงที่อัดเอง');

    await row
      .locator('input[type=file]')
      .setInputFiles({ name: 'seven.wav', mimeType: 'audio/wav', buffer: toneWav() });
    await expect.poll(() => source.innerText()).toBe('เสียงที่อัดเอง');

    await row.getByRole('button', { name: 'ลบเสียงที่อัด' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'ลบเสียงที่อัด' }).click();
    await expect.poll(() => source.innerText()).toMatch(/เสียงที่ระบบสร้าง|กำลังสร้างเสียง/);
  });

  it("checks a display's sentence with a Thai reason", async () => {
    const page = await adminPage();
    await page.getByRole('button', { name: 'แก้ไข' }).first().click();
    const dialog = openDialog(page);
    const sentence = dialog.getByLabel('ประโยคที่ประกาศ');
    await sentence.fill('เชิญที่ {station}');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(() => dialog.innerText()).toContain('ประโยคต้องมี {number} เพื่อประกาศหมายเลขคิว');
    await sentence.fill('เชิญ {number} {somewhere}');
    await expect.poll(() => dialog.innerText()).toContain('ใช้ได้เฉพาะ {number} {station} {plate} และ {type}');
  });
});
