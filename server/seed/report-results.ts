import { MEASURES } from '../reports/measures';
import { planMeasures, reportPlan } from '../reports/plans';
import type { ReportResults } from '../reports/results';
import { random } from './random';

/**
 * The demo laboratory's result values (issue 41 item 3). The reference server has no laboratory, so every value a
 * report shows is made here, deterministically from the kit's barcode and the report type: the same kit shows the
 * same values on every run and every database. Most values fall inside their reference range, some just outside,
 * so that a report shows both. Every report's footer says these are demonstration values.
 */

export interface DemoResultsInput {
  readonly barcode: string;
  readonly reportType: number;
  readonly productId: number;
  /** YYYY-MM-DD, or null when the registrant gave none. */
  readonly dateOfBirth: string | null;
  /** When the laboratory received the sample; the collection was two days before. */
  readonly receivedAt: Date;
}

const DAY_MS = 86_400_000;
/** The age the age measures centre on when no date of birth is known. */
const UNKNOWN_AGE_CENTRE = 45;

/** A string's FNV-1a hash: the generator's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function yearsBetween(birth: string, at: Date): number | null {
  const born = new Date(`${birth.slice(0, 10)}T00:00:00.000Z`);
  if (Number.isNaN(born.getTime())) return null;
  let years = at.getUTCFullYear() - born.getUTCFullYear();
  const birthday = Date.UTC(at.getUTCFullYear(), born.getUTCMonth(), born.getUTCDate());
  if (at.getTime() < birthday) years -= 1;
  return years >= 0 && years <= 130 ? years : null;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The results of one report of one kit. */
export function demoReportResults(input: DemoResultsInput): ReportResults {
  const next = random(hash(`${input.barcode}:${input.reportType}`));
  const collectedAt = new Date(input.receivedAt.getTime() - 2 * DAY_MS);
  const chronologicalAge = input.dateOfBirth ? yearsBetween(input.dateOfBirth, collectedAt) : null;
  // One person ages biologically a little faster or slower overall; each organ varies around that.
  const overall = -5 + next() * 8;
  const values: Record<string, number | string> = {};
  for (const key of planMeasures(reportPlan(input.reportType, input.productId))) {
    const measure = MEASURES.get(key);
    if (!measure) continue;
    if (measure.kind === 'category') {
      const pick = next() < 0.6 ? 0 : Math.floor(next() * measure.options.length);
      values[key] = measure.options[pick]?.[0] ?? '';
    } else if (measure.ageRange !== undefined) {
      values[key] = round((chronologicalAge ?? UNKNOWN_AGE_CENTRE) + overall + (next() - 0.5) * 6, measure.decimals);
    } else {
      const span = measure.high - measure.low;
      const roll = next();
      // Four in five inside the range; the rest just below or just above it, never below zero.
      const value =
        roll < 0.8
          ? measure.low + span * (0.1 + next() * 0.8)
          : roll < 0.9
            ? Math.max(0, measure.low - span * (0.05 + next() * 0.15))
            : measure.high + span * (0.05 + next() * 0.15);
      values[key] = round(value, measure.decimals);
    }
  }
  return { version: 1, collectedAt: collectedAt.toISOString(), chronologicalAge, values };
}
