import type { ReportChart } from './content';
import { ReportText as T } from './texts';

/**
 * A chart as plain shapes in points, so that the HTML page (inline SVG) and the PDF (pdfkit's vector drawing) draw
 * the very same picture. Fixed colours on a white ground, with text darker than 4.5:1 against it.
 */

export type Shape =
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly fill: string }
  | {
      readonly kind: 'line';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly stroke: string;
      readonly dash: boolean;
    }
  | { readonly kind: 'circle'; readonly cx: number; readonly cy: number; readonly r: number; readonly fill: string }
  | {
      readonly kind: 'text';
      readonly x: number;
      readonly y: number;
      readonly text: string;
      readonly anchor: 'start' | 'middle' | 'end';
      readonly size: number;
      readonly fill: string;
    };

export interface ChartDrawing {
  readonly title: string;
  readonly description: string;
  readonly width: number;
  readonly height: number;
  readonly shapes: readonly Shape[];
}

const INK = '#1f1f1f';
const MUTED = '#595959';
const BAR = '#1f5f99';
const TRACK = '#eeeeee';
const TRACK_LINE = '#bfbfbf';
/** The reference range of an estimated age: the chronological age ± this many years (server/reports/measures.ts). */
const AGE_BAND = 5;
const BAND = '#c9e7cf';
const OUTSIDE = '#a8430f';
const LABEL_WIDTH = 190;
const ROW = 22;
const TOP = 24;

/**
 * Each estimated age as a dot on one age axis, beside the chronological age (a dashed line) and the band of ± 5 years
 * around it that the reference range is: how far each estimate lies from the real age is what the reader looks for.
 */
function agesDrawing(chart: Extract<ReportChart, { kind: 'ages' }>, width: number): ChartDrawing {
  const plot = width - LABEL_WIDTH - 70;
  const age = chart.chronologicalAge;
  const values = [...chart.bars.map((bar) => bar.value), ...(age === null ? [] : [age - AGE_BAND, age + AGE_BAND])];
  const min = Math.floor((Math.min(...values) - 3) / 5) * 5;
  const max = Math.ceil((Math.max(...values) + 3) / 5) * 5;
  const x = (value: number) => LABEL_WIDTH + ((value - min) / (max - min)) * plot;
  const bottom = TOP + chart.bars.length * ROW;
  const shapes: Shape[] = [];
  if (age !== null)
    shapes.push({
      kind: 'rect',
      x: x(age - AGE_BAND),
      y: TOP - 2,
      w: x(age + AGE_BAND) - x(age - AGE_BAND),
      h: bottom - TOP + 2,
      fill: BAND,
    });
  chart.bars.forEach((bar, i) => {
    const y = TOP + i * ROW;
    const inside = age === null || Math.abs(bar.value - age) <= AGE_BAND;
    shapes.push({ kind: 'text', x: LABEL_WIDTH - 8, y: y + 11, text: bar.label, anchor: 'end', size: 9, fill: INK });
    shapes.push({ kind: 'line', x1: LABEL_WIDTH, y1: y + 8, x2: LABEL_WIDTH + plot, y2: y + 8, stroke: TRACK_LINE, dash: false });
    shapes.push({ kind: 'circle', cx: x(bar.value), cy: y + 8, r: 5, fill: inside ? BAR : OUTSIDE });
    shapes.push({
      kind: 'text',
      x: LABEL_WIDTH + plot + 8,
      y: y + 11,
      text: `${bar.value.toFixed(1)} years`,
      anchor: 'start',
      size: 9,
      fill: inside ? INK : OUTSIDE,
    });
  });
  for (let tick = min; tick <= max; tick += 5) {
    shapes.push({ kind: 'text', x: x(tick), y: bottom + 12, text: String(tick), anchor: 'middle', size: 8, fill: MUTED });
  }
  if (age !== null) {
    const at = x(age);
    shapes.push({ kind: 'line', x1: at, y1: TOP - 6, x2: at, y2: bottom, stroke: OUTSIDE, dash: true });
    shapes.push({ kind: 'text', x: at, y: TOP - 10, text: T.chronological(age), anchor: 'middle', size: 9, fill: OUTSIDE });
  }
  return { title: T.chartAges, description: T.chartAgesDescription(age), width, height: bottom + 20, shapes };
}

function rangesDrawing(chart: Extract<ReportChart, { kind: 'ranges' }>, width: number): ChartDrawing {
  const plot = width - LABEL_WIDTH - 70;
  const shapes: Shape[] = [];
  chart.rows.forEach((row, i) => {
    const numeric = row.numeric;
    if (!numeric) return;
    const y = TOP + i * ROW - 14;
    const span = Math.max(numeric.high - numeric.low, Number.EPSILON);
    // A measure that cannot be negative keeps its axis at zero or above.
    const floor = numeric.low >= 0 ? Math.max(0, numeric.low - span * 0.5) : numeric.low - span * 0.5;
    const min = Math.min(floor, numeric.value);
    const max = Math.max(numeric.high + span * 0.5, numeric.value);
    const x = (value: number) => LABEL_WIDTH + ((value - min) / (max - min)) * plot;
    const inside = row.position === 'within';
    shapes.push({ kind: 'text', x: LABEL_WIDTH - 8, y: y + 11, text: row.name, anchor: 'end', size: 9, fill: INK });
    shapes.push({ kind: 'rect', x: LABEL_WIDTH, y: y + 4, w: plot, h: 8, fill: TRACK });
    shapes.push({ kind: 'rect', x: x(numeric.low), y: y + 4, w: x(numeric.high) - x(numeric.low), h: 8, fill: BAND });
    shapes.push({ kind: 'circle', cx: x(numeric.value), cy: y + 8, r: 5, fill: inside ? BAR : OUTSIDE });
    shapes.push({
      kind: 'text',
      x: LABEL_WIDTH + plot + 8,
      y: y + 11,
      text: `${row.value} ${row.unit}`,
      anchor: 'start',
      size: 9,
      fill: inside ? INK : OUTSIDE,
    });
  });
  return { title: T.chartRanges, description: T.chartRangesDescription, width, height: TOP - 14 + chart.rows.length * ROW + 6, shapes };
}

export function chartDrawing(chart: ReportChart, width: number): ChartDrawing {
  return chart.kind === 'ages' ? agesDrawing(chart, width) : rangesDrawing(chart, width);
}
