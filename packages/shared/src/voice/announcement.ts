/**
 * What a display says for a call, as a list of voice tokens: the one rule the server (which
 * makes and keeps a clip per token) and the display (which plays them in order) share.
 *
 * A token is the text a clip says, normalised (NFC, single spaces, trimmed):
 * - one character: a digit, a Latin letter or a Thai consonant, read as its name ("1" is
 *   "หนึ่ง", "A" is "เอ", "ก" is "กอ"): queue numbers and plates are read character by
 *   character, as people read them out;
 * - anything longer: a word of the sentence or a station's name, read as written.
 * A plant's own recording of a token (DB or VOICE_CLIPS_DIR, file named after the token) wins
 * over the generated one, token by token.
 */

/** The slots a sentence may hold, each written `{name}`. */
export const SENTENCE_SLOTS = ['number', 'station', 'plate', 'type'] as const;
export type SentenceSlot = (typeof SENTENCE_SLOTS)[number];
export type SentenceValues = Partial<Record<SentenceSlot, string>>;

/** The sentence a display says unless its settings give another. */
export const DEFAULT_SENTENCE = 'เชิญหมายเลข {number} ที่ {station}';

/** A sentence's limits: a display's setting, typed by an admin. */
export const SENTENCE_MAX = 120;
/** Tokens in one announcement at most (a long plate and station included). */
export const TOKENS_MAX = 64;
/** A token's text at most, in code points (a station name is up to 100). */
export const TOKEN_MAX = 100;

const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];

/**
 * Latin letters as Thai people say them. A Map, not an object: a word such as "constructor" or
 * "toString" in a station name or sentence must not find Object.prototype's members.
 */
const LATIN: ReadonlyMap<string, string> = new Map(
  Object.entries({
    A: 'เอ',
    B: 'บี',
    C: 'ซี',
    D: 'ดี',
    E: 'อี',
    F: 'เอฟ',
    G: 'จี',
    H: 'เอช',
    I: 'ไอ',
    J: 'เจ',
    K: 'เค',
    L: 'แอล',
    M: 'เอ็ม',
    N: 'เอ็น',
    O: 'โอ',
    P: 'พี',
    Q: 'คิว',
    R: 'อาร์',
    S: 'เอส',
    T: 'ที',
    U: 'ยู',
    V: 'วี',
    W: 'ดับเบิลยู',
    X: 'เอ็กซ์',
    Y: 'วาย',
    Z: 'แซด',
  }),
);

/** ก to ฮ: the consonants a Thai plate is made of. */
const THAI_CONSONANT = /^[\u0E01-\u0E2E]$/;

/** The token form of a text: NFC, runs of spaces made one, trimmed. */
export function normaliseToken(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Whether one character is read out by name (digit, Latin letter, Thai consonant). */
function isSpelled(char: string): boolean {
  return /^[0-9]$/.test(char) || LATIN.has(char) || THAI_CONSONANT.test(char);
}

/** What the speech engine is given for a token: a character's name, or the text itself. */
export function tokenSpeech(token: string): string {
  if (/^[0-9]$/.test(token)) return DIGITS[Number(token)]!;
  const letter = LATIN.get(token);
  if (letter) return letter;
  // A consonant said on its own is the consonant with อ: "กอ", "ขอ" (as plates are read).
  if (THAI_CONSONANT.test(token)) return `${token}อ`;
  return token;
}

/** A queue number or plate, character by character: "A001" → A, 0, 0, 1; "กข 12••" → ก, ข, 1, 2. */
export function spelledTokens(text: string): string[] {
  return [...text.normalize('NFC').toUpperCase()].filter(isSpelled);
}

/** The parts of a sentence: its words (split at spaces) and its slots, in order. */
export function sentenceParts(sentence: string): ({ word: string } | { slot: SentenceSlot })[] {
  const parts: ({ word: string } | { slot: SentenceSlot })[] = [];
  const pattern = /\{(\w+)\}/g;
  let last = 0;
  const words = (text: string) => {
    for (const word of normaliseToken(text).split(' ')) if (word) parts.push({ word });
  };
  for (const match of sentence.matchAll(pattern)) {
    words(sentence.slice(last, match.index));
    const slot = match[1] as SentenceSlot;
    if (SENTENCE_SLOTS.includes(slot)) parts.push({ slot });
    else words(match[0]);
    last = match.index + match[0].length;
  }
  words(sentence.slice(last));
  return parts;
}

/**
 * Why a sentence cannot be a display's setting, or null: it must say the number, name only
 * known slots, and fit SENTENCE_MAX.
 */
export function sentenceProblem(
  sentence: string,
): 'empty' | 'too_long' | 'no_number' | 'unknown_slot' | null {
  const text = normaliseToken(sentence);
  if (!text) return 'empty';
  if ([...text].length > SENTENCE_MAX) return 'too_long';
  for (const match of text.matchAll(/\{(\w*)\}/g)) {
    if (!SENTENCE_SLOTS.includes(match[1] as SentenceSlot)) return 'unknown_slot';
  }
  if (!text.includes('{number}')) return 'no_number';
  return null;
}

/**
 * The tokens of one announcement, in the order they are played: the sentence's words as they
 * are, the number and the plate spelled out, the station and queue type as whole names. A slot
 * with no value is left out.
 */
export function announcementTokens(sentence: string, values: SentenceValues): string[] {
  const tokens: string[] = [];
  for (const part of sentenceParts(sentence)) {
    if ('word' in part) {
      tokens.push(part.word);
      continue;
    }
    const value = values[part.slot];
    if (!value) continue;
    if (part.slot === 'number' || part.slot === 'plate') tokens.push(...spelledTokens(value));
    else {
      const name = normaliseToken(value);
      if (name) tokens.push([...name].slice(0, TOKEN_MAX).join(''));
    }
  }
  return tokens.slice(0, TOKENS_MAX);
}

/** The sentence as shown on screen (the caption): the slots filled in as written. */
export function announcementText(sentence: string, values: SentenceValues): string {
  return normaliseToken(
    sentence.replace(/\{(\w+)\}/g, (whole, slot: string) =>
      SENTENCE_SLOTS.includes(slot as SentenceSlot) ? (values[slot as SentenceSlot] ?? '') : whole,
    ),
  );
}

/**
 * Every token a display of these stations may need, whatever is called: the digits, the Latin
 * letters, the Thai consonants (plates), the sentence's words and each station's and queue
 * type's name. The server makes these ahead (first start, a station renamed).
 */
export function packTokens(sentences: readonly string[], names: readonly string[]): string[] {
  const tokens = new Set<string>();
  for (let d = 0; d <= 9; d++) tokens.add(String(d));
  for (const letter of LATIN.keys()) tokens.add(letter);
  for (let code = 0x0e01; code <= 0x0e2e; code++) tokens.add(String.fromCharCode(code));
  for (const sentence of sentences) {
    for (const part of sentenceParts(sentence)) if ('word' in part) tokens.add(part.word);
  }
  for (const name of names) {
    const token = normaliseToken(name);
    if (token) tokens.add([...token].slice(0, TOKEN_MAX).join(''));
  }
  return [...tokens];
}
