/**
 * How deep JSON from outside may nest, checked on the raw text before JSON.parse does any work
 * (docs/security.md, "Input"). Nothing a client of this server sends is nested more than a
 * few levels (a socket event's arguments, a body's object with an array of objects); parsing a
 * body nested hundreds of thousands deep costs the event loop hundreds of milliseconds, and
 * what comes out would overflow the stack of whatever walks it next.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether `text` (JSON, or what claims to be) opens more than `max` arrays or objects inside
 * one another: one pass over the characters, brackets inside strings not counted, stopping at
 * the first one too deep. It reads text exactly as JSON.parse tokenizes it up to the first
 * error, so JSON.parse never gets deeper than this scan saw; text that is not JSON is left for
 * JSON.parse to refuse.
 */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH, from = 0): boolean {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      // A close with nothing open: JSON.parse refuses the text here, before anything deeper.
      if (--depth < 0) return false;
    }
  }
  return false;
}
