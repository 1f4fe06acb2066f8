/**
 * A seeded random source (mulberry32): the same seed gives the same numbers, so the demo
 * history, the simulator's plant day and the crash test's kill delays can be replayed exactly.
 */
export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** A float in [min, max). */
  between: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** True with probability p. */
  chance: (p: number) => boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}
