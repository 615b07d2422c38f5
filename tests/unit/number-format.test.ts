import { describe, expect, it } from 'vitest';
import { formatCount, formatTwoDecimals } from '../../src/model/number-format';

const WHOLE = new Intl.NumberFormat('en-US');
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The same pseudo-random numbers on every run (mulberry32), so a failure can be repeated. */
function numbers(seed: number, count: number, make: (random: () => number) => number): number[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => make(random));
}

describe('numbers written without Intl', () => {
  it('groups whole numbers by thousands exactly as Intl does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
    const wholes = [-0, Number.MAX_SAFE_INTEGER, ...numbers(1, 20_000, (random) => Math.round((random() - 0.5) * 10 ** (random() * 17)))];
    for (const value of wholes) expect(formatCount(value), String(value)).toBe(WHOLE.format(value));
  });

  it('writes two decimals exactly as Intl does, rounding the shortest decimal writing half away from zero', () => {
    expect(formatTwoDecimals(1234.5)).toBe('1,234.50');
    expect(formatTwoDecimals(1.005)).toBe('1.01');
    expect(formatTwoDecimals(99.995)).toBe('100.00');
    expect(formatTwoDecimals(-0.001)).toBe('-0.00');
    const amounts = [
      0.125,
      -2.5,
      0.1 + 0.2,
      1e-7,
      5e-324,
      1e21,
      123456789.995,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      ...numbers(2, 20_000, (random) => Math.round((random() - 0.3) * 1e9) / 10 ** Math.floor(random() * 6)),
      ...numbers(3, 20_000, (random) => (random() - 0.5) * 10 ** (random() * 12)),
    ];
    for (const value of amounts) expect(formatTwoDecimals(value), String(value)).toBe(TWO_DECIMALS.format(value));
  });
});
