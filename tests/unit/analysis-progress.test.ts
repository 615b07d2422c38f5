import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatTimeLeft,
  progressView,
  speedOf,
  SPEED_WINDOW_MS,
  timeLeftOf,
  withSample,
  type ProgressSample,
} from '../../src/model/orders/analysis-progress';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Samples every second at a steady rate. */
function steady(seconds: number, bytesPerSecond: number): ProgressSample[] {
  let samples: ProgressSample[] = [];
  for (let second = 0; second <= seconds; second += 1) samples = withSample(samples, { at: second * 1000, sent: second * bytesPerSecond });
  return samples;
}

describe('the analysis upload progress (issue 42): bytes sent, speed and time left', () => {
  it('words sizes in binary units, as a computer shows a file and as the 5 GB limit is read', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1000)).toBe('1000 B');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(1.25 * MB)).toBe('1.3 MB');
    expect(formatBytes(1.2 * GB)).toBe('1.2 GB');
    expect(formatBytes(5 * GB)).toBe('5 GB');
  });

  it('measures the speed over a sliding window of the last 10 seconds', () => {
    const samples = steady(30, 2 * MB);
    expect(samples[0]?.at).toBeGreaterThanOrEqual(30_000 - SPEED_WINDOW_MS - 1000);
    expect(speedOf(samples)).toBe(2 * MB);
    // A faster network shows within the window, not averaged over the whole upload.
    let faster = samples;
    for (let second = 31; second <= 41; second += 1)
      faster = withSample(faster, { at: second * 1000, sent: 60 * MB + (second - 30) * 8 * MB });
    expect(speedOf(faster)).toBe(8 * MB);
  });

  it('has no speed until a second is measured, and keeps few samples however often progress is told', () => {
    expect(speedOf(withSample([], { at: 0, sent: 0 }))).toBeNull();
    let samples: ProgressSample[] = [];
    for (let at = 0; at <= 20_000; at += 10) samples = withSample(samples, { at, sent: at * 100 });
    expect(samples.length).toBeLessThanOrEqual(SPEED_WINDOW_MS / 250 + 2);
    expect(speedOf(samples)).toBeCloseTo(100_000, -3);
  });

  it('starts the window again when the count goes back (a chunk cut short)', () => {
    const samples = withSample(steady(5, MB), { at: 6000, sent: 2 * MB });
    expect(samples).toEqual([{ at: 6000, sent: 2 * MB }]);
    expect(speedOf(samples)).toBeNull();
  });

  it('says the time left at the measured speed, rounded up', () => {
    expect(timeLeftOf(GB, 2 * GB, null)).toBeNull();
    expect(timeLeftOf(GB, 2 * GB, 0)).toBeNull();
    expect(timeLeftOf(GB, 2 * GB, MB)).toBe(1024);
    expect(formatTimeLeft(30)).toBe('less than a minute left');
    expect(formatTimeLeft(61)).toBe('about 2 minutes left');
    expect(formatTimeLeft(60)).toBe('about 1 minute left');
    expect(formatTimeLeft(3600)).toBe('about 1 hour left');
    expect(formatTimeLeft(2 * 3600 + 20 * 60)).toBe('about 2 hours 20 minutes left');
  });

  it('gives the bar its percent and its words: "1.2 GB of 4.8 GB sent", speed and time left', () => {
    const samples = [
      { at: 0, sent: 1.2 * GB - 10 * MB },
      { at: 2000, sent: 1.2 * GB },
    ];
    expect(progressView(1.2 * GB, 4.8 * GB, samples)).toEqual({
      percent: 25,
      sentOf: '1.2 GB of 4.8 GB sent',
      speed: '5 MB/s',
      timeLeft: 'about 13 minutes left',
    });
    expect(progressView(0, 0, [])).toEqual({ percent: 0, sentOf: '0 B of 0 B sent', speed: null, timeLeft: null });
    expect(progressView(4.8 * GB - 1, 4.8 * GB, []).percent).toBe(99);
  });
});
