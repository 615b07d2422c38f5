import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KitSchema } from '../../src/model/kits/kit';
import { KitAttention, kitAttention, latestProcessingResult } from '../../src/model/kits/kit-attention';
import { KIT_STATUS_CODES, KitStatus, ProcessingResult } from '../../src/model/kits/kit-status';
import { KitListText } from '../../src/model/kits/kit-list-texts';

/** A kit as a service answers it, read by the model's lenient schema. */
const kit = (status: number | null, samples: readonly (readonly [number | null, string | null])[] = []) =>
  v.parse(KitSchema, {
    uid: 'kit-1',
    barcode: 'KT-1',
    status: status === null ? null : { status, date: '2026-03-01T10:00:00Z' },
    samples: samples.map(([result, processingDate]) => ({ status: result, processingDate })),
  });

describe('kit attention: trouble shown beside the status in the kit list', () => {
  it.each([
    ['DnaFail', KitStatus.DnaFail],
    ['ImageBeadchipFail', KitStatus.ImageBeadchipFail],
    ['MetricsQuantificationFailed', KitStatus.MetricsQuantificationFailed],
    ['QualityControlFailed', KitStatus.QualityControlFailed],
  ])('the failure code %s reads as a failed sample', (_name, code) => {
    expect(kitAttention(kit(code))).toBe(KitAttention.SampleFailed);
  });

  it('ActionNeeded asks for action', () => {
    expect(kitAttention(kit(KitStatus.ActionNeeded))).toBe(KitAttention.ActionNeeded);
  });

  it.each([
    ['Failed', ProcessingResult.Failed],
    ['QcFailed', ProcessingResult.QcFailed],
  ])('a latest processing result of %s is a failed sample whatever the status code', (_name, result) => {
    expect(
      kitAttention(
        kit(KitStatus.SampleProcessing, [
          [ProcessingResult.Received, '2026-02-01T00:00:00Z'],
          [result, '2026-02-10T00:00:00Z'],
        ]),
      ),
    ).toBe(KitAttention.SampleFailed);
  });

  it('a rerun that completed after a failure is no longer trouble, whatever order the samples come in', () => {
    const failedThenDone = [
      [ProcessingResult.Completed, '2026-02-20T00:00:00Z'],
      [ProcessingResult.QcFailed, '2026-02-10T00:00:00Z'],
    ] as const;
    expect(latestProcessingResult(kit(KitStatus.ResultReady, failedThenDone))).toBe(ProcessingResult.Completed);
    expect(kitAttention(kit(KitStatus.ResultReady, failedThenDone))).toBeNull();
  });

  it('an undated result (not processed yet) counts as later than a dated one; of two undated, the later in the list', () => {
    expect(
      latestProcessingResult(
        kit(KitStatus.SampleProcessing, [
          [ProcessingResult.InProgress, null],
          [ProcessingResult.QcFailed, '2026-02-20T00:00:00Z'],
        ]),
      ),
    ).toBe(ProcessingResult.InProgress);
    expect(
      latestProcessingResult(
        kit(KitStatus.SampleProcessing, [
          [ProcessingResult.Completed, null],
          [ProcessingResult.Failed, null],
        ]),
      ),
    ).toBe(ProcessingResult.Failed);
    expect(latestProcessingResult(kit(KitStatus.SampleProcessing))).toBeNull();
  });

  it('every other status code without a failed result is no trouble, and a kit without a status neither', () => {
    const trouble: readonly number[] = [
      KitStatus.DnaFail,
      KitStatus.ImageBeadchipFail,
      KitStatus.MetricsQuantificationFailed,
      KitStatus.QualityControlFailed,
      KitStatus.ActionNeeded,
    ];
    const calm = KIT_STATUS_CODES.filter((code) => !trouble.includes(code));
    expect(calm.length).toBe(KIT_STATUS_CODES.length - trouble.length);
    for (const code of calm)
      expect(kitAttention(kit(code, [[ProcessingResult.Completed, '2026-02-20T00:00:00Z']])), `code ${code}`).toBeNull();
    expect(kitAttention(kit(null))).toBeNull();
  });

  it('the mark is words: the kit page badge for a failed sample, and the status name for action needed', () => {
    expect(KitListText.attention).toStrictEqual({ sampleFailed: 'Sample Failed', actionNeeded: 'Action Needed' });
  });
});
