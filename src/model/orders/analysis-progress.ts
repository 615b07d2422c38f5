import { AnalysisProgressText } from './analysis-texts';

/**
 * Issue 42: what the analysis upload's progress bar says: bytes sent of the total, the speed over the last seconds and
 * the time left at that speed. Pure, so the machine keeps only numbers in its context and the page only words them.
 */

/** How many bytes had been sent at a moment (ms since the epoch). */
export interface ProgressSample {
  readonly at: number;
  readonly sent: number;
}

/** The speed is measured over the last 10 s: long enough to even out chunk boundaries, short enough to follow a change of network. */
export const SPEED_WINDOW_MS = 10_000;
/** Progress events come many times a second; one sample every 250 ms is enough and keeps the list short (about 40). */
export const SAMPLE_SPACING_MS = 250;
/** Below a second of samples a speed is mostly noise. */
const MIN_SPAN_MS = 1_000;

/**
 * The samples of the sliding window with one more. A count that went back (a chunk cut short: the server keeps only
 * what it received) starts the window again, and so does a clock that went back.
 */
export function withSample(samples: readonly ProgressSample[], sample: ProgressSample, windowMs = SPEED_WINDOW_MS): ProgressSample[] {
  const last = samples.at(-1);
  if (last && (sample.sent < last.sent || sample.at < last.at)) return [sample];
  if (last && samples.length > 1 && sample.at - last.at < SAMPLE_SPACING_MS) return samples.slice();
  const all = [...samples, sample];
  const start = all.findIndex((s) => s.at >= sample.at - windowMs);
  // The last sample before the window stays as its start, so the window spans its full width.
  return all.slice(Math.max(0, start - 1));
}

/** Bytes per second over the window; null until it spans a second. */
export function speedOf(samples: readonly ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < MIN_SPAN_MS) return null;
  return ((last.sent - first.sent) * 1000) / (last.at - first.at);
}

/** Seconds left at that speed; null without a speed or while nothing moves. */
export function timeLeftOf(sent: number, total: number, speed: number | null): number | null {
  if (speed === null || speed <= 0) return null;
  return Math.max(0, total - sent) / speed;
}

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A size in binary units, as a computer shows file sizes (and as the 5 GB limit is read): "512 KB", "1.2 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal below 100 ("4.8 GB"), none above ("512 KB"); a whole number drops its ".0".
  const rounded = value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded} ${UNITS[unit] ?? 'TB'}`;
}

/** "about 3 minutes left", rounded up so the bar does not promise less than it takes. */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return AnalysisProgressText.lessThanAMinute;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return AnalysisProgressText.minutesLeft(minutes);
  return AnalysisProgressText.hoursLeft(Math.floor(minutes / 60), minutes % 60);
}

export interface ProgressView {
  /** 0 to 100, whole numbers, 100 only when every byte is sent. */
  readonly percent: number;
  /** "1.2 GB of 4.8 GB sent". */
  readonly sentOf: string;
  /** "3.4 MB/s", or null until measured. */
  readonly speed: string | null;
  /** "about 3 minutes left", or null until measured. */
  readonly timeLeft: string | null;
}

export function progressView(sent: number, total: number, samples: readonly ProgressSample[]): ProgressView {
  const speed = speedOf(samples);
  const left = timeLeftOf(sent, total, speed);
  const percent = total > 0 ? Math.floor((Math.min(sent, total) * 100) / total) : 0;
  return {
    percent,
    sentOf: AnalysisProgressText.sentOf(formatBytes(sent), formatBytes(total)),
    speed: speed === null ? null : AnalysisProgressText.speed(formatBytes(speed)),
    timeLeft: left === null || sent >= total ? null : formatTimeLeft(left),
  };
}
