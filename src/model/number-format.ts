/**
 * Numbers as an English reader reads them (12,345 and 1,234.50), written without `Intl`. The first `Intl` formatter
 * or collator a page makes loads the browser's locale data: about 90 ms of main thread on this machine and four
 * times that on a phone, paid while the app started because the schemas' length messages format their limits when
 * their modules load (issue 45). The en-US grouping is all the portal shows, and these answer exactly what
 * `Intl.NumberFormat('en-US')` does for whole numbers and for two decimals (tests/unit/number-format.test.ts compares
 * them), falling back to it only for numbers no screen shows (from 10^21 on, or below 10^-6, which are written with
 * an exponent).
 */

/** Commas between the thousands of a run of digits. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A run of decimal digits plus one in its last place ("0999" → "1000", "99" → "100"). */
function incremented(digits: string): string {
  let carry = 1;
  let result = '';
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const digit = Number(digits[i]) + carry;
    carry = digit === 10 ? 1 : 0;
    result = String(digit % 10) + result;
  }
  return carry ? `1${result}` : result;
}

const fallbacks = new Map<number, Intl.NumberFormat>();

/**
 * `value` with `decimals` places. Like Intl, it rounds the number's shortest decimal writing (1.005 is "1.005", so
 * 1.01), half away from zero, and keeps the sign of a negative number that rounds to zero.
 */
function formatDecimals(value: number, decimals: number): string {
  const written = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(written)) {
    const format =
      fallbacks.get(decimals) ?? new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fallbacks.set(decimals, format);
    return format.format(value);
  }
  const [whole = '0', fraction = ''] = written.split('.');
  let kept = whole + fraction.slice(0, decimals).padEnd(decimals, '0');
  if ((fraction[decimals] ?? '0') >= '5') kept = incremented(kept);
  const wholePart = kept.slice(0, kept.length - decimals) || '0';
  const fractionPart = kept.slice(kept.length - decimals);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped(wholePart)}${decimals ? `.${fractionPart}` : ''}`;
}

/** 12,345: a whole count or limit with its thousands separated (a fraction is rounded away). */
export function formatCount(value: number): string {
  return formatDecimals(value, 0);
}

/** 1,234.50: two decimals, as money shows. */
export function formatTwoDecimals(value: number): string {
  return formatDecimals(value, 2);
}
