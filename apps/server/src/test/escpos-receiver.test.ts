import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  healthOf,
  parsePrintedConfirmation,
  parseStatus,
  PRINTED_CONFIRMATION_REQUEST,
  STATUS_REQUESTS,
  statusRequest,
} from '@truck-queue/shared/printing/printer-status';
import { EscPosReceiver, FAKE_STATUSES } from './escpos-receiver.ts';

const statusBytes = Uint8Array.from(STATUS_REQUESTS.flatMap((n) => [...statusRequest(n)]));

/** A 16 x 5 raster with a pattern in it, and the ticket bytes that print it in two bands and cut. */
function sampleTicket() {
  const width = 16;
  const height = 5;
  const bits = Uint8Array.from([0xff, 0x00, 0x81, 0x42, 0x3c, 0x3c, 0x42, 0x81, 0x00, 0xff]);
  const band = (rows: Uint8Array, count: number) => [0x1d, 0x76, 0x30, 0, width / 8, 0, count, 0, ...rows];
  const bytes = Uint8Array.from([
    0x1b,
    0x40, // ESC @
    0x1b,
    0x61,
    0x01, // ESC a centre
    ...band(bits.slice(0, 6), 3),
    ...band(bits.slice(6), 2),
    0x1b,
    0x64,
    0x04, // ESC d feed
    0x1d,
    0x56,
    0x42,
    0x00, // GS V 66 0: feed and cut
  ]);
  return { width, height, bits, bytes };
}

describe('EscPosReceiver', () => {
  it('answers DLE EOT 1-4 with the scripted status, as the shared rule reads it', () => {
    for (const status of FAKE_STATUSES.filter((s) => s !== 'silent')) {
      const answers = new EscPosReceiver(status).receive(statusBytes);
      const parsed = parseStatus(answers);
      expect(parsed, status).not.toBeNull();
      expect(healthOf(parsed!)).toBe(status);
    }
  });

  it('a silent printer answers nothing at all', () => {
    const receiver = new EscPosReceiver('silent');
    expect(receiver.receive(statusBytes)).toEqual(new Uint8Array(0));
    expect(receiver.receive(PRINTED_CONFIRMATION_REQUEST)).toEqual(new Uint8Array(0));
  });

  it('prints the raster it was sent, band after band, and the cut closes the job', () => {
    const ticket = sampleTicket();
    const receiver = new EscPosReceiver('ok');
    receiver.receive(ticket.bytes);
    expect(receiver.jobs).toHaveLength(1);
    const [job] = receiver.jobs;
    expect(job).toMatchObject({ width: ticket.width, height: ticket.height, cut: true });
    expect(job!.bits).toEqual(ticket.bits);
    expect(receiver.protocolErrors).toEqual([]);

    const png = PNG.sync.read(job!.png());
    expect([png.width, png.height]).toEqual([16, 5]);
    // Row 0 is 0xff 0x00: black then white; row 1 starts 0x81: black, then white.
    expect(png.data[0]).toBe(0);
    expect(png.data[8 * 4]).toBe(255);
    expect(png.data[(16 + 1) * 4]).toBe(255);
  });

  it('reads the same stream cut anywhere, a byte at a time included', () => {
    const ticket = sampleTicket();
    const stream = Uint8Array.from([...statusBytes, ...ticket.bytes, ...PRINTED_CONFIRMATION_REQUEST]);
    const whole = new EscPosReceiver('paper_near_end');
    const answersWhole = whole.receive(stream);
    for (const size of [1, 2, 3, 5, 7]) {
      const split = new EscPosReceiver('paper_near_end');
      const answers: number[] = [];
      for (let at = 0; at < stream.length; at += size)
        answers.push(...split.receive(stream.slice(at, at + size)));
      expect(Uint8Array.from(answers), `chunks of ${size}`).toEqual(answersWhole);
      expect(split.jobs[0]!.bits).toEqual(ticket.bits);
      expect(split.protocolErrors).toEqual([]);
    }
    expect(answersWhole).toHaveLength(5);
    expect(parsePrintedConfirmation(answersWhole[4]!)).toEqual({ paperEnd: false, paperNearEnd: true });
  });

  it('a printer out of paper, with its cover open, offline or in error drops the ticket but still answers', () => {
    for (const status of ['paper_end', 'cover_open', 'offline', 'error'] as const) {
      const receiver = new EscPosReceiver(status);
      const answers = receiver.receive(Uint8Array.from([...sampleTicket().bytes, ...statusBytes]));
      expect(receiver.jobs, status).toEqual([]);
      expect(healthOf(parseStatus(answers)!)).toBe(status);
    }
    const empty = new EscPosReceiver('paper_end').receive(PRINTED_CONFIRMATION_REQUEST);
    expect(parsePrintedConfirmation(empty[0]!).paperEnd).toBe(true);
  });

  it('a roll that runs out at the end of a ticket prints it, then says paper end', () => {
    const receiver = new EscPosReceiver('ok');
    receiver.statusAfterJob = 'paper_end';
    const answers = receiver.receive(
      Uint8Array.from([...sampleTicket().bytes, ...PRINTED_CONFIRMATION_REQUEST]),
    );
    expect(receiver.jobs).toHaveLength(1);
    expect(parsePrintedConfirmation(answers[0]!).paperEnd).toBe(true);
    expect(receiver.status).toBe('paper_end');
  });

  it('reports bytes it does not know, where they came, and goes on', () => {
    const receiver = new EscPosReceiver('ok');
    const answers = receiver.receive(
      Uint8Array.from([0x1b, 0x40, 0x1b, 0x7a, 0x07, 0x10, 0x04, 0x09, ...statusRequest(1)]),
    );
    expect(receiver.protocolErrors).toEqual([
      { offset: 2, bytes: [0x1b, 0x7a] },
      { offset: 4, bytes: [0x07] },
      { offset: 5, bytes: [0x10, 0x04, 0x09] },
    ]);
    expect(answers).toHaveLength(1);
  });

  it('text and line feeds are taken and printed as nothing the tests look at', () => {
    const receiver = new EscPosReceiver('ok');
    receiver.receive(new TextEncoder().encode('TEST\r\n'));
    expect(receiver.jobs).toEqual([]);
    expect(receiver.protocolErrors).toEqual([]);
  });
});
