import type { TicketRasterInput } from './ticket-raster.ts';

/**
 * A realistic Thai ticket as a kiosk issues it (company, branch, a provincial licence, a driver
 * page on the plant's network): what the raster tests, the ticket bench and the docs' sample
 * images (cli/ticket-sample.ts) draw.
 */
export const SAMPLE_TICKET: TicketRasterInput = {
  heading: 'บริษัท แป้งมันสำปะหลังไทย จำกัด',
  subheading: 'สาขานครราชสีมา',
  queue_number: 'A012',
  queue_type_name: 'รับซื้อมันเส้น',
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
