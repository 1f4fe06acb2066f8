// Draws a realistic Thai ticket as the thermal printer prints it, for the docs and for looking
// at it as a driver would: `node --import tsx apps/server/src/cli/ticket-sample.ts`
// writes docs/screenshots/ticket-escpos-80mm.png and ticket-escpos-58mm.png.
import { writeFileSync } from 'node:fs';
import { PAPER_WIDTHS } from '@truck-queue/shared/printing/printer-status';
import { renderTicket, ticketPng, type TicketRasterInput } from '../modules/printing/ticket-raster.ts';

const SAMPLE: TicketRasterInput = {
  heading: 'บริษัท แป้งมันสำปะหลังไทย จำกัด',
  subheading: 'สาขานครราชสีมา',
  queue_number: 'A012',
  queue_type_name: 'รับซื้อมันเส้น (ผู้ขายรายย่อย)',
  product_name: 'มันเส้น',
  truck_license: '70-1234 นครราชสีมา',
  issued_at: new Date('2026-11-23T07:05:00Z'),
  ahead_at_issue: 7,
  follow_url: 'http://192.168.1.20:3000/Queue/data/0b7e6f3c-1c1e-4f5e-9a51-0d5f1b0c9e2a',
  ticket_code: 'T-016JD',
  language: 'th',
  calendar: 'BE',
  time_zone: 'Asia/Bangkok',
};

for (const paper of PAPER_WIDTHS) {
  const raster = await renderTicket(SAMPLE, paper);
  const file = new URL(`../../../../docs/screenshots/ticket-escpos-${paper}mm.png`, import.meta.url);
  writeFileSync(file, ticketPng(raster));
  console.log(`${file.pathname}: ${raster.width} x ${raster.height} dots`);
}
