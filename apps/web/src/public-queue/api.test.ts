import { describe, expect, it } from 'vitest';
import { HEADER_API_KEY as CONTRACT_API_KEY_HEADER } from '@truck-queue/shared/contracts/api';
import {
  PublicLineUpdateSchema,
  PublicQueueSchema,
  queueInformation,
} from '@truck-queue/shared/contracts/public-queue.contract';
import * as socketEvents from '@truck-queue/shared/contracts/socket-events';
import { HEADER_API_KEY, isLineUpdate, isPublicQueue, QUEUE_INFORMATION_URL } from './api.ts';
import { PUBLIC_NAMESPACE, RECONNECT_DELAY_MS } from './use-queue.ts';

/** The page writes these out to keep zod out of its bundle; they must match the contracts. */
describe('driver page wire constants', () => {
  it('match the contracts', () => {
    expect(QUEUE_INFORMATION_URL).toBe(`/api/${queueInformation.path}`);
    expect(HEADER_API_KEY).toBe(CONTRACT_API_KEY_HEADER);
    expect(PUBLIC_NAMESPACE).toBe(socketEvents.PUBLIC_NAMESPACE);
    expect(RECONNECT_DELAY_MS).toBe(socketEvents.RECONNECT_DELAY_MS);
  });
});

describe('isPublicQueue', () => {
  const sample = {
    uuid: '3f2b8c1e-9a47-4d2e-8f6b-0c1d2e3f4a5b',
    ticket_code: 'T-016JD',
    company_name: 'ACME',
    branch_name: 'Plant 1',
    queue_number: 'A001',
    queue_type_info: { queue_type_name: 'Raw material' },
    product_info: { name: 'Cassava' },
    created_view: '01/02/2026 08:30',
    flow_engine_id: 3,
    queue_state: 'LS',
    ahead: 2,
    expected_wait: null,
    station_name: null,
    line_hold: null,
    lab_done: false,
    exited: false,
    previous_number: null,
    reason_name: null,
    slip: null,
    dispute: null,
  };
  const weighing = { kg: 41_250, at: '01/02/2026 09:00', source: 'indicator', scale: 'ตาชั่ง 1', reason: null };
  const slip = {
    weigh_in: weighing,
    weigh_out: { ...weighing, kg: 12_000, source: 'manual', scale: null, reason: 'ตาชั่งขัดข้อง' },
    gross_kg: 41_250,
    tare_kg: 12_000,
    net_kg: 29_250,
    lab_values: [],
    deductions: [{ name: 'ดิน', percent: 2, decimals: 1, kg: 585 }],
    deducted_kg: 585,
    paid_kg: 28_665,
    stored_tare_at: null,
    weight_warnings: [],
  };

  it('accepts what the contract accepts', () => {
    expect(PublicQueueSchema.safeParse(sample).success).toBe(true);
    expect(isPublicQueue(sample)).toBe(true);
    expect(isPublicQueue({ ...sample, ahead: null, station_name: 'Scale 1' })).toBe(true);
    const moved = { ...sample, queue_state: 'RJ', previous_number: 'C003', reason_name: 'ความชื้นสูง' };
    expect(PublicQueueSchema.safeParse(moved).success).toBe(true);
    expect(isPublicQueue(moved)).toBe(true);
    const weighed = { ...sample, queue_state: 'F', slip };
    expect(PublicQueueSchema.safeParse(weighed).success).toBe(true);
    expect(isPublicQueue(weighed)).toBe(true);
    // Finished on a stored tare, over the legal gross (issue 42).
    const onTare = {
      ...slip,
      weigh_out: { ...weighing, kg: 12_000, source: 'stored_tare', scale: null },
      stored_tare_at: '28/01/2026 08:00',
      weight_warnings: ['GROSS_OVER_LEGAL'],
    };
    expect(PublicQueueSchema.safeParse({ ...weighed, slip: onTare }).success).toBe(true);
    expect(isPublicQueue({ ...weighed, slip: onTare })).toBe(true);
  });

  it('rejects a broken answer', () => {
    expect(isPublicQueue(null)).toBe(false);
    expect(isPublicQueue({ ...sample, queue_state: 'XX' })).toBe(false);
    expect(isPublicQueue({ ...sample, product_info: null })).toBe(false);
    expect(isPublicQueue({ ...sample, ahead: '2' })).toBe(false);
    expect(isPublicQueue({ ...sample, reason_name: 7 })).toBe(false);
    expect(isPublicQueue({ ...sample, previous_number: {} })).toBe(false);
    expect(isPublicQueue({ ...sample, ticket_code: undefined })).toBe(false);
    expect(isPublicQueue({ ...sample, slip: { ...slip, paid_kg: '28665' } })).toBe(false);
    expect(isPublicQueue({ ...sample, slip: { ...slip, weigh_in: null } })).toBe(false);
    expect(isPublicQueue({ ...sample, slip: { ...slip, weight_warnings: undefined } })).toBe(false);
  });
});

describe('isLineUpdate', () => {
  const place = {
    queue_state: 'QS',
    ahead: 3,
    expected_wait: { low: 20, high: 35 },
    station_name: null,
    line_hold: null,
  };

  it('accepts the place the server pushes, as the contract writes it', () => {
    expect(PublicLineUpdateSchema.safeParse(place).success).toBe(true);
    expect(isLineUpdate(place)).toBe(true);
    const called = {
      queue_state: 'C',
      ahead: null,
      expected_wait: null,
      station_name: 'ช่องขึ้นสินค้า 2',
      line_hold: null,
    };
    expect(PublicLineUpdateSchema.safeParse(called).success).toBe(true);
    expect(isLineUpdate(called)).toBe(true);
    // Held by its class's daily cap (issue 38).
    const held = { ...place, line_hold: { class_name: 'อ้อยไฟไหม้', max_percent: 25, of: 'loads' } };
    expect(PublicLineUpdateSchema.safeParse(held).success).toBe(true);
    expect(isLineUpdate(held)).toBe(true);
    expect(isLineUpdate({ ...place, line_hold: { class_name: 'x', max_percent: '25', of: 'loads' } })).toBe(
      false,
    );
  });

  it('rejects a broken one (the page then fetches its ticket instead)', () => {
    expect(isLineUpdate(null)).toBe(false);
    expect(isLineUpdate({ ...place, queue_state: 'XX' })).toBe(false);
    expect(isLineUpdate({ ...place, ahead: -1 })).toBe(false);
    expect(isLineUpdate({ ...place, ahead: '3' })).toBe(false);
    expect(isLineUpdate({ ...place, expected_wait: { low: 20 } })).toBe(false);
    expect(isLineUpdate({ ...place, station_name: 5 })).toBe(false);
  });
});
