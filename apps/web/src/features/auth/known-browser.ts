/**
 * Known-browser tokens (docs/security.md, "Sign-in throttling"): every successful sign-in gives this
 * browser a token for that account, sent with the next sign-in to the same e-mail, so a
 * stranger's wrong passwords from the same address do not hold the officer back. Kept in
 * localStorage per e-mail (not with the session: signing out keeps it), a few accounts at most.
 */

/** The localStorage key: a JSON list of `{ email, token }`, most recently used first. */
export const KNOWN_BROWSER_KEY = 'knownBrowsers';
/** Accounts remembered on one browser (a shared office PC signs in a few officers). */
export const MAX_KNOWN_BROWSERS = 5;

export interface KnownBrowserEntry {
  email: string;
  token: string;
}

/** What the server gives and accepts (32 random bytes, base64url): anything else is never sent. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** E-mails as the server compares them. */
const normalEmail = (email: string) => email.trim().toLowerCase();

/** The stored list, or an empty one when it is missing or not ours (bad entries are dropped). */
export function parseKnownBrowsers(raw: string | null): KnownBrowserEntry[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is KnownBrowserEntry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as KnownBrowserEntry).email === 'string' &&
        typeof (entry as KnownBrowserEntry).token === 'string' &&
        TOKEN_PATTERN.test((entry as KnownBrowserEntry).token),
    )
    .map(({ email, token }) => ({ email: normalEmail(email), token }))
    .slice(0, MAX_KNOWN_BROWSERS);
}

/** The token kept for an e-mail, if any. */
export function tokenFor(entries: KnownBrowserEntry[], email: string): string | undefined {
  const wanted = normalEmail(email);
  return entries.find((entry) => entry.email === wanted)?.token;
}

/** The list with this e-mail's new token first (its old one replaced), at most MAX_KNOWN_BROWSERS long. */
export function withToken(entries: KnownBrowserEntry[], email: string, token: string): KnownBrowserEntry[] {
  const key = normalEmail(email);
  if (!TOKEN_PATTERN.test(token)) return entries;
  return [{ email: key, token }, ...entries.filter((entry) => entry.email !== key)].slice(
    0,
    MAX_KNOWN_BROWSERS,
  );
}

/** The storage it lives in, if there is one (private mode or disabled storage: none, and nothing is kept). */
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function localStore(): KeyValueStore | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The token to send with a sign-in to this e-mail, if this browser has one. */
export function readKnownBrowser(email: string, store = localStore()): string | undefined {
  try {
    return tokenFor(parseKnownBrowsers(store?.getItem(KNOWN_BROWSER_KEY) ?? null), email);
  } catch {
    return undefined;
  }
}

/** Keeps the token a successful sign-in to this e-mail gave. */
export function saveKnownBrowser(email: string, token: string, store = localStore()): void {
  try {
    const entries = parseKnownBrowsers(store?.getItem(KNOWN_BROWSER_KEY) ?? null);
    store?.setItem(KNOWN_BROWSER_KEY, JSON.stringify(withToken(entries, email, token)));
  } catch (error) {
    console.warn('Could not keep the known-browser token', error);
  }
}
