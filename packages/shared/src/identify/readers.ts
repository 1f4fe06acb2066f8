/**
 * Plate cameras (LPR) and RFID readers (issue 42): a reader is a device of kind `reader`,
 * registered like a scale, standing at the gate or at a weighbridge. What it reads finds a truck
 * inside (plate-match.ts, or the tag's vehicle) and, as the plant set the reader:
 */
export const READER_ACTIONS = [
  /** The gate: a truck whose work is done is let out; any other asks the gate's officer. */
  'gate_exit',
  /** A weighbridge: the weighing page of its station is told which truck stands on the deck. */
  'weighbridge',
  /**
   * The entrance: a truck with a booking today is checked in against it (its ticket issued at
   * the booking's slot, printed on the reader's printer where it has one); any other asks the
   * ticket desk's officer.
   */
  'check_in',
] as const;
export type ReaderAction = (typeof READER_ACTIONS)[number];

/** The least confidence (percent) of a plate read that acts without an officer; a tag is always sure. */
export const READER_MIN_CONFIDENCE = { default: 90, min: 50, max: 100 } as const;

/** What became of a read. */
export const READ_OUTCOMES = [
  /** The gate let the truck out. */
  'exited',
  /** The weighbridge was told the truck on its deck. */
  'identified',
  /** An officer decides (READ_REASONS says why). */
  'needs_officer',
  /** The truck it names left already (a camera seeing it drive off, a second read). */
  'already_out',
  /** The same reader read the same plate a moment ago: that read stands, nothing new. */
  'repeated',
  /** The entrance checked the truck in against its booking: its ticket was issued. */
  'checked_in',
  /** The entrance read a truck that is inside already (checked in, or a ticket from the desk). */
  'already_in',
] as const;
export type ReadOutcome = (typeof READ_OUTCOMES)[number];

/** Why a read asks an officer. */
export const READ_REASONS = [
  /** The camera was not sure enough of the plate (below the reader's least confidence). */
  'low_confidence',
  /** No truck inside holds the plate or carries the tag. */
  'unmatched',
  /** Only plates close to the read: one character off, or the same number under another province. */
  'near',
  /** Several trucks inside hold the plate (the entrance: several of today's bookings may be it). */
  'several',
  /** The truck's work is not done: the gate's officer lets it out or not. */
  'unfinished',
  /** The entrance: no open booking today for the plate (or for its supplier's any-vehicle bookings). */
  'no_booking',
  /** The entrance: its booking cannot be checked in now (outside its window, or refused as the desk would be). */
  'booking_refused',
] as const;
export type ReadReason = (typeof READ_REASONS)[number];

/** A repeat of the same plate by the same reader within this long is the same read. */
export const READ_REPEAT_MS = 60_000;

/** A read of a truck that left the gate this long ago at most is "already out", not a question for the officer. */
export const LEFT_RECENTLY_MS = 30 * 60_000;

/** A snapshot is a JPEG of at most this many bytes (a plate camera's crop is 20–150 KB). */
export const SNAPSHOT_MAX_BYTES = 300 * 1024;

/** An RFID tag's id as readers send it: the EPC in hex (8 to 32 digits), any case, spaces aside. */
export const TAG_PATTERN = /^[0-9A-F]{8,32}$/;

/** A tag as kept and compared: upper case, without spaces, dashes or colons. */
export function tagKey(text: string): string {
  return text.replace(/[\s:-]/g, '').toUpperCase();
}

/** Whether bytes are a JPEG image: its start-of-image marker and an end-of-image one. */
export function isJpeg(bytes: Uint8Array): boolean {
  return (
    bytes.length > 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    bytes[bytes.length - 2] === 0xff &&
    bytes[bytes.length - 1] === 0xd9
  );
}

/**
 * Whether base64 text holds a JPEG (isJpeg on its first and last bytes), without decoding it
 * all: the text must be whole 4-character groups.
 */
export function isJpegBase64(text: string): boolean {
  if (text.length < 8 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return false;
  const bytes = (part: string) => Uint8Array.from(atob(part), (char) => char.charCodeAt(0));
  const head = bytes(text.slice(0, 4));
  const tail = bytes(text.slice(-8));
  return tail.length >= 2 && isJpeg(Uint8Array.from([...head, ...tail.slice(-2)]));
}
