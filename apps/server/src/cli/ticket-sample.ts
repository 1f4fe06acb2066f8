// Draws a realistic Thai ticket and receiving slip as the thermal printer prints them, for the
// docs and for looking at them as a driver would: `node --import tsx apps/server/src/cli/ticket-sample.ts`
// writes docs/screenshots/ticket-escpos-{80,58}mm.png, the same with the LINE chat's QR
// (ticket-escpos-{80,58}mm-line.png), slip-escpos-{80,58}mm.png (Thai) and slip-escpos-80mm-en.png.
import { writeFileSync } from 'node:fs';
import { PAPER_WIDTHS } from '@truck-queue/shared/printing/printer-status';
import { chatText, chatUrlOf, lineKeyOf } from '../modules/notifications/line.ts';
import { renderSlip, type SlipRasterInput } from '../modules/printing/slip-raster.ts';
import { renderTicket, ticketPng, type TicketRasterInput } from '../modules/printing/ticket-raster.ts';
import { SAMPLE_TICKET } from '../modules/printing/sample-ticket.ts';

const SAMPLE: TicketRasterInput = { ...SAMPLE_TICKET, queue_type_name: 'รับซื้อมันเส้น (ผู้ขายรายย่อย)' };

const lab = (
  measure_id: number,
  name: string,
  value: number,
  passed: boolean,
  deduct_above: number | null,
) => ({
  measure_id,
  name,
  unit: '%',
  decimals: 1,
  value,
  passed,
  pass_range: null,
  deduct_above,
});

const SLIP: SlipRasterInput = {
  heading: SAMPLE.heading,
  subheading: SAMPLE.subheading,
  queue_number: SAMPLE.queue_number,
  queue_type_name: SAMPLE.queue_type_name,
  product_name: 'หัวมันสด',
  truck_license: SAMPLE.truck_license,
  ticket_code: SAMPLE.ticket_code,
  slip: {
    weigh_in: { kg: 25340, at: '23/11/2569 14:05', source: 'indicator', scale: 'ตาชั่ง 1', reason: null },
    weigh_out: {
      kg: 10120,
      at: '23/11/2569 14:52',
      source: 'manual',
      scale: null,
      reason: 'เครื่องชั่งไม่ส่งค่า',
    },
    gross_kg: 25340,
    tare_kg: 10120,
    net_kg: 15220,
    lab_values: [
      lab(1, 'แป้ง', 24.5, true, null),
      lab(2, 'ความชื้น', 36.2, true, null),
      lab(3, 'ดิน', 2.4, true, 0),
    ],
    deductions: [{ name: 'ดิน', percent: 2.4, decimals: 1, kg: 365.3 }],
    deducted_kg: 365.3,
    paid_kg: 14854.7,
    stored_tare_at: null,
    weight_warnings: [],
  },
  printed_at: '23/11/2569 14:53',
  follow_url: SAMPLE.follow_url,
  language: 'th',
  photo: null,
};

const write = (name: string, raster: Awaited<ReturnType<typeof renderTicket>>) => {
  const file = new URL(`../../../../docs/screenshots/${name}.png`, import.meta.url);
  writeFileSync(file, ticketPng(raster));
  console.log(`${file.pathname}: ${raster.width} x ${raster.height} dots`);
};

// The same ticket at a plant with a LINE Official Account: a second, smaller QR opens its chat
// with the ticket's code typed (issue 21).
const LINE_SAMPLE: TicketRasterInput = {
  ...SAMPLE,
  line_chat_url: chatUrlOf('@123abcde', chatText(SAMPLE.ticket_code, lineKeyOf(SAMPLE.follow_url))),
};

for (const paper of PAPER_WIDTHS) {
  write(`ticket-escpos-${paper}mm`, await renderTicket(SAMPLE, paper));
  write(`ticket-escpos-${paper}mm-line`, await renderTicket(LINE_SAMPLE, paper));
  write(`slip-escpos-${paper}mm`, await renderSlip(SLIP, paper));
}
write(
  'slip-escpos-80mm-en',
  await renderSlip(
    {
      ...SLIP,
      heading: 'Thai Cassava Starch Co., Ltd.',
      subheading: 'Nakhon Ratchasima',
      queue_type_name: 'Cassava chips (smallholders)',
      product_name: 'Fresh cassava roots',
      slip: {
        ...SLIP.slip,
        weigh_in: { ...SLIP.slip.weigh_in, at: '23/11/2026 14:05', scale: 'Bridge 1' },
        weigh_out: { ...SLIP.slip.weigh_out, at: '23/11/2026 14:52', reason: 'Indicator sent nothing' },
        lab_values: [
          lab(1, 'Starch', 24.5, true, null),
          lab(2, 'Moisture', 36.2, true, null),
          lab(3, 'Dirt', 2.4, true, 0),
        ],
        deductions: [{ name: 'dirt', percent: 2.4, decimals: 1, kg: 365.3 }],
      },
      printed_at: '23/11/2026 14:53',
      language: 'en',
    },
    80,
  ),
);
