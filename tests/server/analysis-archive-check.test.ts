import { readdirSync } from 'node:fs';
import { mkdtemp, open, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnalysisArchive } from '../../server/orders/analysis/archive-check';
import { IdatHeaderReader } from '../../server/orders/analysis/idat-header';
import { sheetSamples } from '../../server/orders/analysis/sample-sheet';
import { ANALYSIS_MAX_ENTRIES, AnalysisArchiveText, baseName } from '../../src/model/orders/analysis';
import {
  idatData,
  sampleAt,
  writeIdatArchive,
  writeLyingBomb,
  writeNotAZip,
  writeZipBomb,
  type ArchiveSpec,
  type Flaw,
} from '../support/idat-archive';

/**
 * Issue 42 item 3: the server checks the archive it received before it becomes an order: a real zip, nothing
 * escaping its folder, no nested archives, a bounded unpacked size, IDAT files that start as IDAT files and hold
 * what their header announces, complete pairs, and a sample sheet naming exactly those pairs. Each refusal is a
 * sentence of AnalysisArchiveText naming the file; every archive here is written by the generator the benchmark
 * and the browser journeys use.
 */

let dir = '';
let serial = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analysis-archive-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const pathFor = () => join(dir, `archive-${++serial}.zip`);
async function checked(spec: ArchiveSpec) {
  const path = pathFor();
  const written = await writeIdatArchive(path, spec);
  return { written, check: await checkAnalysisArchive(path) };
}
const problemsOf = (check: Awaited<ReturnType<typeof checkAnalysisArchive>>) => (check.ok ? [] : check.problems);
const threeSamples = [0, 1, 2].map(sampleAt);

describe('an archive that is accepted', () => {
  it('gives its three samples, sorted, with each name {barcode}_{position}, and ignores what macOS adds', async () => {
    const { written, check } = await checked({ samples: 3, folder: 'run-42/', macNoise: true });
    expect(check).toEqual({ ok: true, samples: threeSamples, sampleSheet: false });
    expect(written.samples).toEqual(threeSamples.map((sample) => sample.name));
  });

  it('takes an Illumina sample sheet ([Header] and [Data] sections, quoted fields) naming exactly its pairs', async () => {
    const { check } = await checked({ samples: 3, sheet: 'illumina', macNoise: true });
    expect(check).toEqual({ ok: true, samples: threeSamples, sampleSheet: true });
  });

  it('takes a plain sample sheet, and reads zip64 records', async () => {
    const { check } = await checked({ samples: 10, sheet: 'plain', zip64: true });
    expect(check).toEqual({ ok: true, samples: Array.from({ length: 10 }, (_, index) => sampleAt(index)), sampleSheet: true });
  });
});

describe('an archive that is refused, with a sentence per problem', () => {
  const single: [Flaw, (name: string) => string, ArchiveSpec?][] = [
    ['escape', AnalysisArchiveText.escapes],
    ['nested', AnalysisArchiveText.nested],
    ['truncated', AnalysisArchiveText.truncated],
    ['wrongMagic', AnalysisArchiveText.notIdat],
    ['missingPartner', (name) => AnalysisArchiveText.unpaired(name, name.replace('_Grn.idat', '_Red.idat'))],
    ['badName', AnalysisArchiveText.idatName],
    ['unexpected', AnalysisArchiveText.unexpected],
    ['duplicate', (name) => AnalysisArchiveText.duplicate(baseName(name))],
    ['encrypted', AnalysisArchiveText.encrypted],
    ['badCrc', AnalysisArchiveText.damaged],
    ['secondSheet', () => AnalysisArchiveText.severalSheets, { sheet: 'illumina' }],
  ];

  it.each(single)('%s', async (flaw, text, spec) => {
    const { written, check } = await checked({ samples: 3, flaws: [flaw], ...spec });
    const name = written.flawed[flaw];
    expect(name).toBeDefined();
    expect(check).toEqual({ ok: false, problems: [text(name ?? '')] });
  });

  it('lists every problem of an archive at once', async () => {
    const flaws = single.map(([flaw]) => flaw);
    const { written, check } = await checked({ samples: 3, flaws, sheet: 'illumina' });
    const expected = single.map(([flaw, text]) => text(written.flawed[flaw] ?? ''));
    expect(problemsOf(check).toSorted()).toEqual(expected.toSorted());
  });

  it('needs at least one complete pair', async () => {
    expect(problemsOf((await checked({ samples: 0 })).check)).toEqual([AnalysisArchiveText.noPairs]);
    const lone = await checked({ samples: 1, flaws: ['missingPartner'] });
    const grn = lone.written.flawed.missingPartner ?? '';
    expect(problemsOf(lone.check)).toEqual([
      AnalysisArchiveText.unpaired(grn, `${sampleAt(0).name}_Red.idat`),
      AnalysisArchiveText.noPairs,
    ]);
  });

  it('holds the sample sheet to the pairs: a row too many, a row missing, no Sentrix columns, too large', async () => {
    expect(problemsOf((await checked({ sheet: 'extraRow' })).check)).toEqual([AnalysisArchiveText.sheetExtra(sampleAt(3).name)]);
    expect(problemsOf((await checked({ sheet: 'missingRow' })).check)).toEqual([AnalysisArchiveText.sheetMissing(sampleAt(2).name)]);
    expect(problemsOf((await checked({ sheet: 'noColumns' })).check)).toEqual([AnalysisArchiveText.sheetColumns]);
    expect(problemsOf((await checked({ sheet: 'tooLarge' })).check)).toEqual([AnalysisArchiveText.sheetTooLarge]);
  });

  it('refuses a file that is no zip, an empty file, and a zip cut short before its central directory', async () => {
    const notZip = { ok: false, problems: [AnalysisArchiveText.notZip] };
    const pdf = pathFor();
    await writeNotAZip(pdf);
    expect(await checkAnalysisArchive(pdf)).toEqual(notZip);
    const empty = pathFor();
    await writeFile(empty, '');
    expect(await checkAnalysisArchive(empty)).toEqual(notZip);
    const cut = pathFor();
    const { bytes } = await writeIdatArchive(cut);
    await truncate(cut, bytes - 100);
    expect(await checkAnalysisArchive(cut)).toEqual(notZip);
    // A central directory whose first record is overwritten: the end record still points at it.
    const broken = pathFor();
    const { bytes: brokenBytes } = await writeIdatArchive(broken);
    const file = await open(broken, 'r+');
    const end = Buffer.alloc(22);
    await file.read(end, 0, 22, brokenBytes - 22);
    await file.write(Buffer.from('XXXX'), 0, 4, end.readUInt32LE(16));
    await file.close();
    expect(await checkAnalysisArchive(broken)).toEqual(notZip);
  });

  it('refuses an entry whose local header is damaged, naming it', async () => {
    const path = pathFor();
    await writeIdatArchive(path, { samples: 3 });
    const file = await open(path, 'r+');
    await file.write(Buffer.from('XXXX'), 0, 4, 0);
    await file.close();
    expect(await checkAnalysisArchive(path)).toEqual({
      ok: false,
      problems: [AnalysisArchiveText.damaged(`${sampleAt(0).name}_Grn.idat`)],
    });
  });

  it(`refuses more than ${ANALYSIS_MAX_ENTRIES} entries from the directory's count alone`, async () => {
    // Six real entries and the rest .DS_Store files, which are otherwise ignored: the count is what matters.
    const { check } = await checked({ samples: 3, noiseEntries: ANALYSIS_MAX_ENTRIES - 5 });
    expect(check).toEqual({ ok: false, problems: [AnalysisArchiveText.tooManyEntries] });
    const path = pathFor();
    await writeIdatArchive(path, { samples: 3 });
    expect(await checkAnalysisArchive(path, { maxEntries: 5 })).toEqual({ ok: false, problems: [AnalysisArchiveText.tooManyEntries] });
  });

  it('refuses a zip bomb from its declared sizes, before unpacking a byte', async () => {
    const bomb = pathFor();
    const { bytes, entries } = await writeZipBomb(bomb);
    expect(bytes).toBeLessThan(20 * 1024 ** 2);
    expect(entries).toBeGreaterThan(160);
    const started = performance.now();
    expect(await checkAnalysisArchive(bomb)).toEqual({ ok: false, problems: [AnalysisArchiveText.unpacksTooLarge] });
    // Unpacking 10 GiB of zeros would take far longer than reading a directory of 161 entries.
    expect(performance.now() - started).toBeLessThan(5_000);
    // The same sum on an ordinary archive: three pairs of 64 KiB are more than 300 KiB.
    const small = pathFor();
    await writeIdatArchive(small, { samples: 3 });
    expect(await checkAnalysisArchive(small, { maxUnpackedBytes: 300 * 1024 })).toEqual({
      ok: false,
      problems: [AnalysisArchiveText.unpacksTooLarge],
    });
  });

  it('refuses an entry that unpacks to more than it declares (a lying zip bomb) as damaged', async () => {
    const path = pathFor();
    const { liar } = await writeLyingBomb(path);
    expect(await checkAnalysisArchive(path)).toEqual({ ok: false, problems: [AnalysisArchiveText.damaged(liar)] });
  });

  it('refuses an IDAT whose bytes changed on disk after zipping (CRC-32)', async () => {
    const path = pathFor();
    await writeIdatArchive(path, { samples: 3 });
    const first = `${sampleAt(0).name}_Grn.idat`;
    const file = await open(path, 'r+');
    // The first entry's data starts after its 30-byte local header and its name (no extra field when not zip64).
    await file.write(Buffer.from([0xff, 0x00, 0xff]), 0, 3, 30 + first.length + 1000);
    await file.close();
    expect(await checkAnalysisArchive(path)).toEqual({ ok: false, problems: [AnalysisArchiveText.damaged(first)] });
  });

  it('closes the archive after every verdict, so that a refused upload deleted afterwards frees its disk space', async () => {
    const paths = [pathFor(), pathFor(), pathFor(), pathFor()];
    const [good = '', flawed = '', liar = '', notZip = ''] = paths;
    await writeIdatArchive(good, { sheet: 'illumina' });
    await writeIdatArchive(flawed, { flaws: ['escape', 'truncated', 'wrongMagic', 'badCrc'], sheet: 'extraRow' });
    await writeLyingBomb(liar);
    await writeNotAZip(notZip);
    // /dev/fd lists this process's open files on Linux and macOS.
    const openFiles = () => readdirSync('/dev/fd').length;
    const before = openFiles();
    for (const path of paths) await checkAnalysisArchive(path);
    // A file is closed a moment after the verdict (yauzl closes on its stream's end, on a busy machine a tick later);
    // a leaked one never is.
    await expect.poll(openFiles, { timeout: 3_000 }).toBe(before);
  });

  it('throws, rather than blaming the archive, when the server cannot read its own file', async () => {
    await expect(checkAnalysisArchive(join(dir, 'gone.zip'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the parts of the check', () => {
  it('reads an IDAT header that arrives a byte at a time', () => {
    const whole = Buffer.concat([...idatData(4096, 7, {})]);
    const cut = Buffer.concat([...idatData(4096, 7, { truncated: true })]);
    for (const [bytes, verdict] of [
      [whole, null],
      [cut, 'truncated'],
      [whole.subarray(0, 40), 'truncated'],
      [Buffer.from('IDA'), 'truncated'],
      [Buffer.from('PK\u0003\u0004 and more'), 'notIdat'],
    ] as const) {
      const reader = new IdatHeaderReader();
      for (const byte of bytes) reader.push(Buffer.from([byte]));
      expect(reader.verdict()).toBe(verdict);
    }
  });

  it('reads the sheet as CSV: quoted separators, doubled quotes and line breaks inside quotes, ";" from Excel', () => {
    const sheet = 'Sample_Name,Sentrix_ID,Sentrix_Position\r\n"Doe, ""Jane""\nsecond line",205832590010,r01c01\r\n';
    expect(sheetSamples(sheet)).toEqual(['205832590010_R01C01']);
    expect(sheetSamples('Sentrix_ID;Sentrix_Position\n205832590010;R02C01\n')).toEqual(['205832590010_R02C01']);
    expect(sheetSamples('Sample_Name,Array\nA,1\n')).toBeNull();
  });
});

describe('memory', () => {
  it('stays flat while a 300 MB archive is checked', { timeout: 120_000 }, async () => {
    const path = pathFor();
    await writeIdatArchive(path, { samples: 8, idatBytes: 19 * 1024 ** 2, sheet: 'illumina' });
    expect((await stat(path)).size).toBeGreaterThan(300 * 1000 ** 2);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      const check = await checkAnalysisArchive(path);
      expect(check.ok).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - before).toBeLessThan(100 * 1024 ** 2);
  });
});
