import { describe, expect, it } from 'vitest';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { parsePageData, serializePageData } from './page-data.ts';

const queue: PublicQueue = {
  uuid: '3f2b8c1e-9a47-4d2e-8f6b-0c1d2e3f4a5b',
  ticket_code: 'T-00001',
  company_name: '</script><script>alert(1)</script>',
  branch_name: 'a\u2028b\u2029c & <!-- d',
  queue_number: 'A001',
  queue_type_info: { queue_type_name: 'รับสินค้า' },
  product_info: { name: 'แป้งมัน' },
  created_view: '20/11/2569 10:00',
  flow_engine_id: 1,
  queue_state: 'QS',
  ahead: 3,
  expected_wait: { low: 30, high: 45 },
  station_name: null,
  line_hold: null,
  lab_done: false,
  exited: false,
  previous_number: null,
  reason_name: null,
  slip: null,
  dispute: null,
};

describe('the driver page data block', () => {
  it('holds no character that could end or break its script element, and reads back whole', () => {
    const renderedAt = new Date('2026-11-20T03:00:00Z');
    const text = serializePageData({ language: 'th', queue, renderedAt });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(parsePageData(text)).toEqual({ language: 'th', queue, renderedAt });
    expect(parsePageData(serializePageData({ language: 'en', queue: null, renderedAt }))).toEqual({
      language: 'en',
      queue: null,
      renderedAt,
    });
  });

  it('refuses a block that does not hold: the page then renders by itself', () => {
    for (const text of [
      null,
      '',
      'not json',
      '[]',
      '{"language":"fr","queue":null,"renderedAt":"2026-11-20"}',
    ]) {
      expect(parsePageData(text)).toBeNull();
    }
    const bad = JSON.stringify({ language: 'th', queue: { uuid: 1 }, renderedAt: '2026-11-20T03:00:00Z' });
    expect(parsePageData(bad)).toBeNull();
  });
});
