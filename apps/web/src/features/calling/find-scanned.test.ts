import { describe, expect, it } from 'vitest';
import type { CardQueue, ProcessCard } from '@truck-queue/shared/contracts/queue.contract';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { findScanned } from './find-scanned.ts';

function queue(id: number, number: string, uuid: string): CardQueue {
  return {
    _id: id,
    uuid,
    queue_number: number,
    queue_date: '2026-11-20',
    queue_state: 'QS',
    truck_license: id === 735 ? 'กข 1234 ขอนแก่น' : `70-${id}`,
    product_name: 'แป้งมัน',
    created: '2026-11-20T03:00:00.000Z',
    station_name: null,
    recall_count: 0,
    previous_number: null,
    reason_name: null,
    reason_note: null,
    print_state: null,
    print_failure: null,
    lab_values: [],
    lab_outcome: null,
    expected_wait: null,
    line_place: null,
    order_class: '',
    cut_at: null,
    admitted: false,
    last_called_at: null,
  };
}

function card(id: number, flow: number, queues: CardQueue[]): ProcessCard {
  return {
    _id: id,
    uuid: `card-${id}`,
    flow_engine_id: flow,
    flow_engine_uuid: `flow-${flow}`,
    queue_type_name: `type ${id}`,
    prefix: 'B',
    station_permission: [],
    queue_number: queues,
    order_rule: null,
    usual_station_minutes: null,
  };
}

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Yesterday's B001 and today's B001 on the three-day cards, a lab truck, a general-flow visitor.
const yesterday = queue(501, 'B001', U(1));
const today = queue(733, 'B001', U(2));
const lab = queue(734, 'A001', U(3));
const visitor = queue(735, 'C001', U(4));
const CARDS = [card(1, 2, [yesterday, today]), card(2, 3, [lab]), card(3, 1, [visitor])];

describe("Manage Calling's scan box", () => {
  it('finds the one truck a ticket code or a QR code names, even when its number is shared', () => {
    expect(findScanned(CARDS, encodeTicketCode(501))).toMatchObject({
      kind: 'found',
      match: { queue: yesterday },
    });
    expect(findScanned(CARDS, encodeTicketCode(733))).toMatchObject({
      kind: 'found',
      match: { queue: today },
    });
    expect(findScanned(CARDS, `https://plant.example/Queue/data/${U(3)}`)).toMatchObject({
      kind: 'found',
      match: { queue: lab, card: { _id: 2 } },
    });
  });

  it('asks which truck a number two trucks hold means, and finds a number one truck holds', () => {
    const both = findScanned(CARDS, 'b001');
    expect(both).toMatchObject({ kind: 'several', typed: 'B001' });
    expect(both.kind === 'several' && both.matches.map((m) => m.queue._id)).toEqual([501, 733]);
    expect(findScanned(CARDS, 'A001')).toMatchObject({ kind: 'found', match: { queue: lab } });
  });

  it('finds a general-flow visitor as any other truck: one place for every flow (issue 36)', () => {
    expect(findScanned(CARDS, 'C001')).toMatchObject({
      kind: 'found',
      match: { queue: visitor, card: { _id: 3 } },
    });
  });

  it('finds a truck by its plate as typed, spaces, dashes, Thai digits and look-alike letters aside', () => {
    for (const typed of ['กข 1234', 'กข1234', '1234', '๑๒๓๔', 'กข-๑๒๓๔', 'กฃ 1234']) {
      expect(findScanned(CARDS, typed), typed).toMatchObject({ kind: 'found', match: { queue: visitor } });
    }
    // Part of a plate several trucks share: the officer picks, titled with what he typed.
    expect(findScanned(CARDS, '70-7')).toMatchObject({ kind: 'several', typed: '70-7' });
    // Too short to mean one truck: not searched.
    expect(findScanned(CARDS, '12')).toMatchObject({ kind: 'notOnCards' });
  });

  it('echoes an unknown plate as typed, never as its Thai-keyboard reading', () => {
    const result = findScanned(CARDS, 'ขค 9999');
    expect(result).toMatchObject({ kind: 'notOnCards', typed: 'ขค 9999' });
  });

  it('says when the ticket is not on the cards, is called elsewhere, or was misread', () => {
    expect(findScanned(CARDS, encodeTicketCode(999))).toMatchObject({ kind: 'notOnCards' });
    expect(findScanned(CARDS, U(9))).toMatchObject({ kind: 'notOnCards' });
    expect(findScanned(CARDS, 'Z123')).toMatchObject({ kind: 'notOnCards', typed: 'Z123' });
    const code = encodeTicketCode(733);
    expect(findScanned(CARDS, `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`)).toMatchObject({
      kind: 'unreadable',
      scanned: { kind: 'misread' },
    });
    expect(findScanned(CARDS, 'https://example.com/')).toMatchObject({
      kind: 'unreadable',
      scanned: { kind: 'foreignLink' },
    });
    expect(findScanned(CARDS, ' ')).toEqual({ kind: 'empty' });
  });
});
