import { describe, expect, it } from 'vitest';
import { typedInThai } from './thai-layout.ts';

describe('the Thai keyboard layout', () => {
  it('is seen in a password that came out Thai ("admin1234" typed in Kedmanee) and not in a Latin one', () => {
    expect(typedInThai('ฟหทรืๅ/-ภ')).toBe(true);
    expect(typedInThai('admin1234')).toBe(false);
    expect(typedInThai('')).toBe(false);
  });
});
