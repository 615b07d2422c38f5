import type { Measure, NumericMeasure } from './measures';
import { ReportText as T } from './texts';

/**
 * One measure's row of the results table: the value, unit and reference range as printed, where the value lies, and a
 * plain-language paragraph that says what the measure is and how the value compares with its range. Nothing more:
 * no advice and no diagnosis.
 */

export type RangePosition = 'within' | 'below' | 'above' | 'reference' | 'variant' | 'unknown';

export interface ResultRow {
  readonly key: string;
  readonly name: string;
  readonly value: string;
  readonly unit: string;
  readonly range: string;
  readonly position: RangePosition;
  /** The position in words, for the table's last column. */
  readonly flag: string;
  readonly interpretation: string;
  /** For charts: the number and its range, when the measure is a number with a known range. */
  readonly numeric: { readonly value: number; readonly low: number; readonly high: number } | null;
}

const fixed = (value: number, decimals: number) => value.toFixed(decimals);

function numericRange(measure: NumericMeasure, age: number | null): { low: number; high: number } | null {
  if (measure.ageRange === undefined) return { low: measure.low, high: measure.high };
  return age === null ? null : { low: age - measure.ageRange, high: age + measure.ageRange };
}

function numericRow(measure: NumericMeasure, value: number, age: number | null): ResultRow {
  const range = numericRange(measure, age);
  const shown = fixed(value, measure.decimals);
  const rangeText = range
    ? `${fixed(range.low, measure.ageRange ? 0 : measure.decimals)}–${fixed(range.high, measure.ageRange ? 0 : measure.decimals)}`
    : T.notGiven;
  const position: RangePosition = !range ? 'unknown' : value < range.low ? 'below' : value > range.high ? 'above' : 'within';
  let comparison: string;
  if (measure.ageRange !== undefined) {
    comparison = age === null ? T.noAge : T.ageComparison(shown, age, value - age, measure.ageRange, position);
  } else {
    comparison = T.rangeComparison(shown, measure.unit, rangeText, position);
  }
  return {
    key: measure.key,
    name: measure.name,
    value: shown,
    unit: measure.unit,
    range: rangeText,
    position,
    flag: T.flag[position],
    interpretation: `${measure.about} ${comparison}`,
    numeric: range ? { value, ...range } : null,
  };
}

/** The row of one measure, or null when the results hold no value for it. */
export function resultRow(measure: Measure, value: number | string | undefined, age: number | null): ResultRow | null {
  if (value === undefined) return null;
  if (measure.kind === 'number') return typeof value === 'number' ? numericRow(measure, value, age) : null;
  const text = String(value);
  const index = measure.options.findIndex(([option]) => option === text);
  const [reference = ''] = measure.options[0] ?? [];
  const meaning = measure.options[index]?.[1] ?? T.unlisted;
  const position: RangePosition = index === 0 ? 'reference' : 'variant';
  return {
    key: measure.key,
    name: measure.name,
    value: text,
    unit: measure.unit,
    range: reference,
    position,
    flag: T.flag[position],
    interpretation: `${measure.about} ${T.categoryComparison(measure.unit, text, meaning)}`,
    numeric: null,
  };
}
