/**
 * A small deterministic generator (mulberry32), so that the generated demo kits and orders are the same on every run:
 * numbers from 0 (included) to 1 (excluded), the same sequence for the same seed.
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
