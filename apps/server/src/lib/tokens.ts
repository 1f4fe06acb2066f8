import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored of a token: its SHA-256, so a leaked table opens no session. Every
 * authenticated call hashes its session token: the one-shot hash is a third of createHash's cost.
 */
export function tokenHash(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Compares two secrets (or their hashes) in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
