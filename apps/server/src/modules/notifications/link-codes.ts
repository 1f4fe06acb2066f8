import { createHash, randomInt } from 'node:crypto';

/**
 * The codes a person sends to the plant's LINE account to link a chat (issue 41): an officer's
 * for the alerts ("ALERT-K7P2-QX9A"), a supplier's for its grade ("GRADE-…"). Eight Crockford
 * letters after a prefix; the webhook reads these before the drivers' ticket codes (line.ts
 * StaffChat), and only a hash is stored.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new code's eight letters as "XXXX-XXXX". */
export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CROCKFORD[randomInt(32)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What is stored of a code: its SHA-256 with what it links (`alert`, `grade`). */
export function hashLinkCode(purpose: string, code: string): string {
  return createHash('sha256').update(`truck-queue:${purpose}-link:${code}`).digest('hex');
}

/** The code after `prefix` in a message ("PREFIX-K7P2-QX9A", any case, spaces or full-width), or null. */
export function linkCodeIn(prefix: string, text: string): string | null {
  const upper = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[‐‑‒–—−]/g, '-');
  const m = new RegExp(
    `(?<![0-9A-Z])${prefix}\\s*-?\\s*([0-9A-Z]{4})\\s*-?\\s*([0-9A-Z]{4})(?![0-9A-Z])`,
  ).exec(upper);
  return m ? `${m[1]}-${m[2]}`.replace(/O/g, '0').replace(/[IL]/g, '1') : null;
}
