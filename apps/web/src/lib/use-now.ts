import { useEffect, useState } from 'react';

/** The current time, updated every `intervalMs` (on the interval's boundary, so a clock ticks on time). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer = 0;
    const tick = () => {
      setNow(new Date());
      timer = window.setTimeout(tick, intervalMs - (Date.now() % intervalMs));
    };
    timer = window.setTimeout(tick, intervalMs - (Date.now() % intervalMs));
    return () => window.clearTimeout(timer);
  }, [intervalMs]);
  return now;
}
