/** A seeded pseudo-random source (mulberry32): the same seed gives the same sequence, on any machine. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  below(max: number): number;
  pick<T>(items: readonly T[]): T;
  /** One of `choices`, with probability proportional to its weight. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T;
}

export const createRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (max: number) => Math.floor(next() * max);
  return {
    next,
    below,
    pick: (items) => items[below(items.length)]!,
    weighted: (choices) => {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
  };
};
