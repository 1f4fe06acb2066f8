import { useEffect, useRef, useState } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel'] as const;

/**
 * Seconds left before the kiosk gives up on a truck that walked away: `onIdle` runs after
 * `timeoutMs` without a touch or a key while `active`. Returns the seconds left (for a warning),
 * or null while inactive.
 */
export function useIdleTimeout(active: boolean, timeoutMs: number, onIdle: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null);
  const lastActivity = useRef(0);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  });

  useEffect(() => {
    if (!active) return;
    lastActivity.current = Date.now();
    const touched = () => {
      lastActivity.current = Date.now();
      setLeft(null);
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, touched, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      const remaining = timeoutMs - (Date.now() - lastActivity.current);
      if (remaining <= 0) {
        window.clearInterval(timer);
        idle.current();
        return;
      }
      setLeft(Math.ceil(remaining / 1000));
    }, 250);
    return () => {
      window.clearInterval(timer);
      setLeft(null);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touched, { capture: true });
    };
  }, [active, timeoutMs]);

  return active ? (left ?? Math.ceil(timeoutMs / 1000)) : null;
}
