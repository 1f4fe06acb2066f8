import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from './camera.ts';

const refusal = (name: string) => Object.assign(new Error('camera'), { name });

describe('camera problems', () => {
  it("says why getUserMedia refused, in the words the officer's advice needs", () => {
    expect(cameraProblemOf(refusal('NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(refusal('SecurityError'))).toBe('denied');
    expect(cameraProblemOf(refusal('NotFoundError'))).toBe('noCamera');
    expect(cameraProblemOf(refusal('OverconstrainedError'))).toBe('noCamera');
    expect(cameraProblemOf(refusal('NotReadableError'))).toBe('busy');
    expect(cameraProblemOf(refusal('TypeError'))).toBe('failed');
    expect(cameraProblemOf('nothing')).toBe('failed');
  });
});
