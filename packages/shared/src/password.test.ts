import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prehashPassword, sha1Hex } from './password.ts';

describe('sha1Hex', () => {
  it('matches the standard test vectors', () => {
    expect(sha1Hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(sha1Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
  });

  it('agrees with node:crypto for Thai text and lengths around block edges', () => {
    for (const text of [
      'รหัสผ่าน',
      'ก'.repeat(21),
      'x'.repeat(55),
      'x'.repeat(56),
      'x'.repeat(64),
      'y'.repeat(1000),
    ]) {
      expect(sha1Hex(text)).toBe(createHash('sha1').update(text, 'utf8').digest('hex'));
    }
  });

  it('pre-hashes a password with the fixed one-letter prefix', () => {
    expect(prehashPassword('secret')).toBe(createHash('sha1').update('ksecret').digest('hex'));
  });
});
