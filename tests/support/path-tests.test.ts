import { describe, expect, it } from 'vitest';
import { coverage } from '../../scripts/lib/edges';
import { intakeSamples, sampleIntakeFixture } from './fixtures/sample-intake.fixture';
import { describePaths } from './path-tests';

const suite = describePaths(sampleIntakeFixture, {
  inputs: { blank: { prefilled: null }, prefilled: { prefilled: 'AB1234' } },
  ...intakeSamples,
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    // Every submission carries the barcode that was in context when it started.
    for (const call of invocations.filter((c) => c.src === 'submitSample')) {
      expect(call.input).toEqual({ barcode: expect.stringMatching(/^[A-Z]{2}\d{4}$/) as unknown });
    }
    if (snapshot.matches('complete')) expect(snapshot.context.accession).toBe('ACC-1');
  },
});

describe('path tests of the sample intake fixture', () => {
  it('plans paths that together take every transition of the machine', () => {
    expect(coverage(sampleIntakeFixture, suite.plannedKeys).missing.map((edge) => edge.description)).toEqual([]);
  });

  it('names each test after its events', () => {
    const names = suite.paths.map(({ path }) => path.name);
    expect(names).toContain('barcode.scan {"code":"AB1234"} → intake.submit → submit done → label.printed → after noticeTime');
    expect(names.some((name) => name.startsWith('scanner error'))).toBe(true);
  });

  it('recorded every transition of the machine while the generated paths ran', () => {
    const result = coverage(sampleIntakeFixture, suite.recorded());
    expect(result.missing.map((edge) => edge.description)).toEqual([]);
    expect(result.percent).toBe(100);
  });
});
