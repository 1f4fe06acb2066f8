import { useSyncExternalStore } from 'react';

/** Whether the media query matches now; follows changes. Read at once, so the first render is right. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}

/**
 * The user asked the system for less motion (an accessibility setting; also a weak office PC's
 * friend): antd's opening and closing animations are off, and recharts draws its charts at once.
 */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
