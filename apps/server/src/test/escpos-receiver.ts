import { PNG } from 'pngjs';
import { DLE_EOT, EOT } from '@truck-queue/shared/printing/printer-status';

/**
 * The protocol core of a fake ESC/POS thermal printer: it reads the bytes a printer would
 * receive, across any chunk boundaries, keeps the raster images it printed, and answers the
 * status requests from a scripted state. The TCP fake (fake-escpos-printer.ts) and a WebUSB
 * fake in the browser tests both wrap it, so a ticket is checked the same way on both roads.
 */

/**
 * What the printer is scripted to be:
 *  - ok, paper_near_end: prints (near end still prints, and says so);
 *  - paper_end, cover_open, offline, error: answers statuses, drops the jobs it receives (a
 *    real printer in that state stops and prints nothing);
 *  - silent: takes the bytes and never answers (switched off mid-way, or not a printer).
 */
export const FAKE_STATUSES = [
  'ok',
  'paper_near_end',
  'paper_end',
  'cover_open',
  'offline',
  'error',
  'silent',
] as const;
export type FakeStatus = (typeof FAKE_STATUSES)[number];

/** One ticket the printer printed: its raster as received (1 = black, rows MSB first). */
export interface FakePrintJob {
  width: number;
  height: number;
  bits: Uint8Array;
  /** Whether the job ended with a cut (GS V), as a ticket should. */
  cut: boolean;
  /** The raster as a black-on-white PNG, for decoding its QR and barcode or looking at it. */
  png(): Buffer;
}

/** A command the fake did not know, and where in the stream it came (a test asserts none). */
export interface ProtocolError {
  offset: number;
  bytes: number[];
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;
const CR = 0x0d;

/** The fixed bits of every DLE EOT answer (bits 1 and 4). */
const STATUS_BASE = 0b0001_0010;

/** The four DLE EOT answers (n = 1..4) of each printing state, per printer-status.ts. */
const STATUS_BYTES: Record<Exclude<FakeStatus, 'silent'>, [number, number, number, number]> = {
  ok: [STATUS_BASE, STATUS_BASE, STATUS_BASE, STATUS_BASE],
  // Paper sensor bits 2 and 3: near end; the printer still prints.
  paper_near_end: [STATUS_BASE, STATUS_BASE, STATUS_BASE, STATUS_BASE | 0b0000_1100],
  // Offline, stopped at paper end (offline cause bit 5), sensor bits 5-6 (and 2-3: near end first).
  paper_end: [STATUS_BASE | 0b1000, STATUS_BASE | 0b10_0000, STATUS_BASE, STATUS_BASE | 0b0110_1100],
  cover_open: [STATUS_BASE | 0b1000, STATUS_BASE | 0b0100, STATUS_BASE, STATUS_BASE],
  offline: [STATUS_BASE | 0b1000, STATUS_BASE, STATUS_BASE, STATUS_BASE],
  // An error (offline cause bit 6), its cause the autocutter (error cause bit 3).
  error: [STATUS_BASE | 0b1000, STATUS_BASE | 0b0100_0000, STATUS_BASE | 0b1000, STATUS_BASE],
};

/** GS r 1's answer: bits 0-1 paper near end, bits 2-3 paper end. */
function paperSensorByte(status: FakeStatus): number {
  if (status === 'paper_end') return 0b1111;
  if (status === 'paper_near_end') return 0b0011;
  return 0;
}

/** Whether a printer in this state prints what it receives. */
function prints(status: FakeStatus): boolean {
  return status === 'ok' || status === 'paper_near_end' || status === 'silent';
}

/** Commands with a fixed number of parameter bytes after their two-byte code. */
const FIXED_PARAMS: Record<number, Record<number, number>> = {
  [ESC]: {
    0x40: 0, // ESC @ initialise
    0x61: 1, // ESC a justification
    0x21: 1, // ESC ! print mode
    0x45: 1, // ESC E emphasis
    0x74: 1, // ESC t code table
    0x64: 1, // ESC d feed n lines
    0x4a: 1, // ESC J feed n dots
    0x32: 0, // ESC 2 default line spacing
    0x33: 1, // ESC 3 line spacing
    0x4d: 1, // ESC M font
    0x2d: 1, // ESC - underline
  },
  [GS]: {
    0x21: 1, // GS ! character size
    0x61: 1, // GS a automatic status back
    0x42: 1, // GS B reverse
  },
  [FS]: {
    0x2e: 0, // FS . cancel Kanji mode
    0x26: 0, // FS & Kanji mode
  },
};

function pngOf(width: number, height: number, bits: Uint8Array): Buffer {
  const png = new PNG({ width, height });
  const rowBytes = width / 8;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const black = (bits[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      const at = (y * width + x) * 4;
      const value = black ? 0 : 255;
      png.data[at] = value;
      png.data[at + 1] = value;
      png.data[at + 2] = value;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

function printedJob(width: number, bands: Uint8Array[], cut: boolean): FakePrintJob {
  const height = bands.reduce((sum, band) => sum + (band.length * 8) / width, 0);
  const bits = new Uint8Array((width / 8) * height);
  let at = 0;
  for (const band of bands) {
    bits.set(band, at);
    at += band.length;
  }
  return { width, height, bits, cut, png: () => pngOf(width, height, bits) };
}

/**
 * Reads an ESC/POS stream as a printer does. `receive` takes the next chunk and returns what the
 * printer sends back for it, in order: one byte per DLE EOT n at once, one per GS r 1 after the
 * data before it (all of which the fake has printed by then). A command cut by the chunk's end
 * waits for the next chunk.
 */
export class EscPosReceiver {
  status: FakeStatus;
  /** Printed tickets, in order (jobs a stopped printer dropped are not here). */
  readonly jobs: FakePrintJob[] = [];
  readonly protocolErrors: ProtocolError[] = [];
  /** Called with each printed job (the TCP fake wakes its waiters). */
  onJob: ((job: FakePrintJob) => void) | null = null;
  /** A state to fall into once the next job is printed (paper that runs out at its end). */
  statusAfterJob: FakeStatus | null = null;

  private pending = new Uint8Array(0);
  /** Bytes consumed before `pending` starts (for protocol error offsets). */
  private offset = 0;
  private bands: Uint8Array[] = [];
  private width = 0;
  /** Whether the current job's raster arrived while the printer could not print. */
  private dropping = false;

  constructor(status: FakeStatus = 'ok') {
    this.status = status;
  }

  receive(chunk: Uint8Array): Uint8Array {
    const joined = new Uint8Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    const answers: number[] = [];
    let at = 0;
    while (at < joined.length) {
      const used = this.command(joined, at, answers);
      if (used === 0) break;
      at += used;
    }
    this.pending = joined.slice(at);
    this.offset += at;
    return Uint8Array.from(answers);
  }

  /** Reads the command at `at`; returns how many bytes it took, 0 when it is not complete yet. */
  private command(bytes: Uint8Array, at: number, answers: number[]): number {
    const first = bytes[at]!;
    if (first === LF || first === CR || first >= 0x20) return 1;
    if (at + 1 >= bytes.length) return 0;
    const second = bytes[at + 1]!;
    const left = bytes.length - at;

    if (first === DLE_EOT && second === EOT) {
      if (left < 3) return 0;
      const n = bytes[at + 2]!;
      if (n < 1 || n > 4) return this.unknown(bytes, at, 3);
      if (this.status !== 'silent') answers.push(STATUS_BYTES[this.status][n - 1]!);
      return 3;
    }
    if (first === GS && second === 0x76) return this.raster(bytes, at);
    if (first === GS && second === 0x56) {
      if (left < 3) return 0;
      const m = bytes[at + 2]!;
      if ([0, 1, 48, 49].includes(m)) return this.cut(3);
      if (m === 65 || m === 66) return left < 4 ? 0 : this.cut(4);
      return this.unknown(bytes, at, 3);
    }
    if (first === GS && second === 0x72) {
      if (left < 3) return 0;
      const n = bytes[at + 2]!;
      if (n !== 1 && n !== 49) return this.unknown(bytes, at, 3);
      if (this.status !== 'silent') answers.push(paperSensorByte(this.status));
      return 3;
    }
    const params = FIXED_PARAMS[first]?.[second];
    if (params === undefined)
      return this.unknown(bytes, at, first === ESC || first === GS || first === FS ? 2 : 1);
    if (left < 2 + params) return 0;
    if (first === ESC && second === 0x40) this.endJob(false);
    return 2 + params;
  }

  /** GS v 0 m xL xH yL yH d...: one band of the ticket's raster. */
  private raster(bytes: Uint8Array, at: number): number {
    const left = bytes.length - at;
    if (left < 8) return 0;
    if (bytes[at + 2] !== 0x30) return this.unknown(bytes, at, 3);
    const widthBytes = bytes[at + 4]! + bytes[at + 5]! * 256;
    const rows = bytes[at + 6]! + bytes[at + 7]! * 256;
    const size = widthBytes * rows;
    if (left < 8 + size) return 0;
    const width = widthBytes * 8;
    if (this.bands.length > 0 && width !== this.width) {
      // A band narrower or wider than the ticket's first: not one image any more.
      return this.unknown(bytes, at, 8 + size);
    }
    this.width = width;
    if (!prints(this.status)) this.dropping = true;
    this.bands.push(bytes.slice(at + 8, at + 8 + size));
    return 8 + size;
  }

  /** The connection closed: a raster without its cut still came out of the printer, uncut. */
  end(): void {
    this.endJob(false);
    this.pending = new Uint8Array(0);
  }

  private cut(length: number): number {
    this.endJob(true);
    return length;
  }

  /** A cut, or a new ESC @, ends the job: printed, unless the printer could not print it. */
  private endJob(cut: boolean): void {
    if (this.bands.length === 0) return;
    const dropped = this.dropping || !prints(this.status);
    const job = printedJob(this.width, this.bands, cut);
    this.bands = [];
    this.dropping = false;
    if (dropped) return;
    this.jobs.push(job);
    if (this.statusAfterJob) {
      this.status = this.statusAfterJob;
      this.statusAfterJob = null;
    }
    this.onJob?.(job);
  }

  private unknown(bytes: Uint8Array, at: number, length: number): number {
    this.protocolErrors.push({ offset: this.offset + at, bytes: [...bytes.slice(at, at + length)] });
    return length;
  }
}
