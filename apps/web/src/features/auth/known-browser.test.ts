import { describe, expect, it, vi } from 'vitest';
import {
  KNOWN_BROWSER_KEY,
  MAX_KNOWN_BROWSERS,
  parseKnownBrowsers,
  readKnownBrowser,
  saveKnownBrowser,
  tokenFor,
  withToken,
} from './known-browser.ts';

/** A token of the server's shape (43 base64url characters), told apart by its first letter. */
const token = (c: string) => c.repeat(43);

/** A storage in memory; `failing` throws as a browser's storage can (quota, private mode). */
function memoryStore(failing = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => {
      if (failing) throw new Error('storage disabled');
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (failing) throw new Error('quota');
      items.set(key, value);
    },
  };
}

describe('known-browser tokens', () => {
  it('keeps one token per e-mail, whatever its case or spaces, and sends it for that e-mail only', () => {
    const store = memoryStore();
    expect(readKnownBrowser('somchai@example.com', store)).toBeUndefined();
    saveKnownBrowser(' SomChai@Example.com', token('a'), store);
    saveKnownBrowser('niran@example.com', token('b'), store);
    expect(readKnownBrowser('somchai@example.com ', store)).toBe(token('a'));
    expect(readKnownBrowser('NIRAN@example.com', store)).toBe(token('b'));
    expect(readKnownBrowser('other@example.com', store)).toBeUndefined();

    // A new sign-in replaces the e-mail's token.
    saveKnownBrowser('somchai@example.com', token('c'), store);
    expect(readKnownBrowser('somchai@example.com', store)).toBe(token('c'));
    expect(parseKnownBrowsers(store.items.get(KNOWN_BROWSER_KEY)!)).toEqual([
      { email: 'somchai@example.com', token: token('c') },
      { email: 'niran@example.com', token: token('b') },
    ]);
  });

  it('keeps at most a few e-mails, the most recently signed in first', () => {
    let entries = parseKnownBrowsers(null);
    for (let i = 0; i < MAX_KNOWN_BROWSERS + 3; i++)
      entries = withToken(entries, `o${i}@example.com`, token('x'));
    expect(entries).toHaveLength(MAX_KNOWN_BROWSERS);
    expect(entries[0]!.email).toBe(`o${MAX_KNOWN_BROWSERS + 2}@example.com`);
    expect(tokenFor(entries, 'o0@example.com')).toBeUndefined();
  });

  it('never sends what the server would refuse: bad JSON, foreign shapes and malformed tokens are dropped', () => {
    expect(parseKnownBrowsers('{not json')).toEqual([]);
    expect(parseKnownBrowsers('{"email":"a@example.com"}')).toEqual([]);
    expect(
      parseKnownBrowsers(
        JSON.stringify([
          { email: 'a@example.com', token: 'short' },
          { email: 'b@example.com', token: `${token('a').slice(1)}=` },
          { email: 'c@example.com', token: token('c') },
          null,
          'text',
          { email: 1, token: token('d') },
        ]),
      ),
    ).toEqual([{ email: 'c@example.com', token: token('c') }]);
    expect(withToken([], 'a@example.com', 'not a token')).toEqual([]);
  });

  it('does without storage: nothing is read, and saving does not throw', () => {
    const broken = memoryStore(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readKnownBrowser('a@example.com', broken)).toBeUndefined();
    expect(() => saveKnownBrowser('a@example.com', token('a'), broken)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    // No window at all (as here, outside a browser): the same.
    expect(readKnownBrowser('a@example.com')).toBeUndefined();
    expect(() => saveKnownBrowser('a@example.com', token('a'))).not.toThrow();
  });
});
