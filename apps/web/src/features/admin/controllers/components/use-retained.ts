import { useState } from 'react';

/**
 * The last non-null value: a dialog keeps showing what it was opened for while it fades out
 * after its target was cleared. `value` must be stable (state, not an object built per render).
 */
export function useRetained<T>(value: T | null): T | null {
  const [kept, setKept] = useState<T | null>(value);
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
}
