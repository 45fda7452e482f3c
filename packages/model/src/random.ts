/**
 * mulberry32: a small fixed-seed pseudo-random generator, the same sequence on every machine.
 * The demo data and the route optimiser use it so that a seed gives the same answer everywhere.
 */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
