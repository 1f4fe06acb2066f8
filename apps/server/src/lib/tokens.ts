import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, so a leaked table opens no session. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
