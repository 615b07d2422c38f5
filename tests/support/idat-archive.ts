import { open, writeFile } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import { ANALYSIS_MAX_UNPACKED_BYTES, sampleName } from '../../src/model/orders/analysis';
import { sampleSheetText, type SheetKind } from './idat-sample-sheet';
import { METHOD_DEFLATE, ZipWriter } from './zip-writer';

export type { SheetKind } from './idat-sample-sheet';

/**
 * Analysis archives for the tests, the upload benchmark and the browser journeys of issue 42: a zip of IDAT pairs
 * (each a valid IDAT v3 header followed by pseudo-random filler), an optional sample sheet, and on request the
 * mistakes the server must refuse. The zip is written as it is made (stored, so its size is the files' size), and
 * the filler is cut from one fixed pool of random bytes, so a 2 GB archive takes seconds and a few MiB of memory.
 *
 *   const { bytes, samples } = await writeIdatArchive(path, { samples: 24, idatBytes: 40 * 1024 ** 2 });
 *   await writeIdatArchive(path, { flaws: ['escape', 'truncated'] });  // refused, one problem per flaw
 */

/** One mistake each; `flawed[flaw]` in the answer names the entry the refusal will quote. */
export type Flaw =
  | 'escape' // ../outside.txt
  | 'nested' // a .zip inside
  | 'truncated' // the first Grn file's header announces a field past the file's end
  | 'wrongMagic' // the first Red file starts with other bytes than "IDAT"
  | 'missingPartner' // the last sample's Red file is left out
  | 'badName' // an IDAT whose name is not {barcode}_{position}_Grn|Red.idat
  | 'unexpected' // notes.txt
  | 'duplicate' // the first Grn file again, in a folder
  | 'encrypted' // an entry marked as encrypted
  | 'badCrc' // the last Grn file's declared CRC-32 is wrong
  | 'secondSheet'; // a second .csv

export interface ArchiveSpec {
  /** Samples, each a Grn/Red pair, 8 to an array (R01C01..R08C01), arrays 205832590010, …11, …; 3 by default. */
  readonly samples?: number;
  /** Bytes of each IDAT file, its header included; 64 KiB by default, at least 128. */
  readonly idatBytes?: number;
  /** A folder inside the archive for every file, e.g. 'run-42/' (its directory entry is written too). */
  readonly folder?: string;
  /** A sample sheet: Illumina's layout or a plain table naming exactly the pairs, or one that is wrong. */
  readonly sheet?: SheetKind;
  /** What macOS's Compress adds: __MACOSX/ resource forks and .DS_Store. */
  readonly macNoise?: boolean;
  /** This many more entries the server ignores (.DS_Store files), to reach the entry limit cheaply. */
  readonly noiseEntries?: number;
  readonly flaws?: readonly Flaw[];
  /** Zip64 records everywhere (they are written past 4 GiB anyway), to test that path with a small archive. */
  readonly zip64?: boolean;
}

export interface WrittenArchive {
  /** The archive's size. */
  readonly bytes: number;
  /** The complete pairs, `{barcode}_{position}`, sorted. */
  readonly samples: string[];
  /** The entry (full name) each flaw made. */
  readonly flawed: Partial<Record<Flaw, string>>;
}

const FIRST_BARCODE = 205832590010;
const POSITIONS_PER_ARRAY = 8;
/** Field codes of a real IDAT v3 header: number of SNPs, Illumina IDs, SD, mean, number of beads. */
const FIELD_CODES = [1000, 102, 103, 104, 107] as const;
const HEADER_BYTES = 16 + 10 * FIELD_CODES.length;
const CHUNK_BYTES = 1024 * 1024;
const POOL_BYTES = 8 * CHUNK_BYTES;

/** The sample of index `index`: its array's barcode and its position. */
export function sampleAt(index: number): { barcode: string; position: string; name: string } {
  const barcode = String(FIRST_BARCODE + Math.floor(index / POSITIONS_PER_ARRAY));
  const position = `R0${(index % POSITIONS_PER_ARRAY) + 1}C01`;
  return { barcode, position, name: sampleName(barcode, position) };
}

export async function writeIdatArchive(path: string, spec: ArchiveSpec = {}): Promise<WrittenArchive> {
  const count = spec.samples ?? 3;
  const idatBytes = spec.idatBytes ?? 64 * 1024;
  if (idatBytes < 128) throw new Error('an IDAT file needs at least 128 bytes here');
  const folder = spec.folder ?? '';
  const flaws = new Set(spec.flaws ?? []);
  const flawed: Partial<Record<Flaw, string>> = {};
  const samples = Array.from({ length: count }, (_, index) => sampleAt(index));
  const paired = samples.filter((_, index) => !(flaws.has('missingPartner') && index === count - 1)).map((sample) => sample.name);

  const file = await open(path, 'w');
  try {
    const zip = new ZipWriter(file, spec.zip64);
    if (folder) await zip.add({ name: folder, data: [], dataBytes: 0 });
    for (const [index, sample] of samples.entries()) {
      for (const channel of ['Grn', 'Red'] as const) {
        const name = `${folder}${sample.name}_${channel}.idat`;
        const first = index === 0;
        if (channel === 'Red' && index === count - 1 && flaws.has('missingPartner')) {
          flawed.missingPartner = `${folder}${sample.name}_Grn.idat`;
          continue;
        }
        const truncated = first && channel === 'Grn' && flaws.has('truncated');
        const wrongMagic = first && channel === 'Red' && flaws.has('wrongMagic');
        const badCrc = index === count - 1 && channel === 'Grn' && flaws.has('badCrc');
        if (truncated) flawed.truncated = name;
        if (wrongMagic) flawed.wrongMagic = name;
        if (badCrc) flawed.badCrc = name;
        const seed = index * 2 + (channel === 'Red' ? 1 : 0);
        const crc = badCrc ? (idatCrc(idatBytes, seed) + 1) >>> 0 : undefined;
        await zip.add({
          name,
          data: idatData(idatBytes, seed, { truncated, wrongMagic }),
          dataBytes: idatBytes,
          ...(crc === undefined ? {} : { crc }),
        });
      }
    }
    if (spec.sheet) await addText(zip, `${folder}SampleSheet.csv`, sampleSheetText(spec.sheet, paired, sampleAt(count).name));
    if (spec.macNoise)
      await addMacNoise(
        zip,
        folder,
        samples.map((sample) => `${sample.name}_Grn.idat`),
      );
    for (let index = 0; index < (spec.noiseEntries ?? 0); index++) await addText(zip, `noise/${index}/.DS_Store`, '\0\0\0\u0001Bud1');
    await addFlaws(zip, folder, flaws, flawed, idatBytes);
    const bytes = await zip.finish();
    return { bytes, samples: [...paired].sort(), flawed };
  } finally {
    await file.close();
  }
}

async function addText(zip: ZipWriter, name: string, text: string): Promise<void> {
  const data = Buffer.from(text, 'utf8');
  await zip.add({ name, data: [data], dataBytes: data.length });
}

async function addMacNoise(zip: ZipWriter, folder: string, files: readonly string[]): Promise<void> {
  await addText(zip, `${folder}.DS_Store`, '\0\0\0\u0001Bud1');
  await zip.add({ name: '__MACOSX/', data: [], dataBytes: 0 });
  // AppleDouble files: the resource fork and Finder information macOS keeps beside each file.
  const appleDouble = Buffer.from([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]);
  for (const file of files) await zip.add({ name: `__MACOSX/${folder}._${file}`, data: [appleDouble], dataBytes: appleDouble.length });
}

async function addFlaws(
  zip: ZipWriter,
  folder: string,
  flaws: ReadonlySet<Flaw>,
  flawed: Partial<Record<Flaw, string>>,
  idatBytes: number,
) {
  const extra = async (flaw: Flaw, name: string, data: Buffer, options: { flags?: number; uncompressedBytes?: number } = {}) => {
    if (!flaws.has(flaw)) return;
    flawed[flaw] = name;
    await zip.add({ name, data: [data], dataBytes: data.length, ...options });
  };
  await extra('escape', '../outside.txt', Buffer.from('outside\n'));
  // An empty zip: its end record alone.
  await extra('nested', `${folder}more-idats.zip`, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]));
  await extra('badName', `${folder}sample one_Grn.idat`, Buffer.concat([...idatData(256, 99, {})]));
  await extra('unexpected', `${folder}notes.txt`, Buffer.from('scanned on Monday\n'));
  if (flaws.has('duplicate')) {
    const name = `${folder}copy/${sampleAt(0).name}_Grn.idat`;
    flawed.duplicate = name;
    await zip.add({ name, data: idatData(idatBytes, 0, {}), dataBytes: idatBytes });
  }
  // Traditional encryption puts a 12-byte header before the data: the directory counts it in the compressed size.
  await extra('encrypted', `${folder}locked.txt`, Buffer.alloc(12 + 8, 1), { flags: 0x1, uncompressedBytes: 8 });
  await extra('secondSheet', `${folder}copy.csv`, Buffer.from('Sentrix_ID,Sentrix_Position\r\n'));
}

/** An IDAT file's bytes in chunks of at most 1 MiB: the header, then filler cut from the pool. */
export function* idatData(size: number, seed: number, flaws: { truncated?: boolean; wrongMagic?: boolean }): Generator<Buffer> {
  const header = Buffer.alloc(HEADER_BYTES);
  // A PNG renamed to .idat: what a wrong file looks like.
  header.write(flaws.wrongMagic ? '\x89PNG' : 'IDAT', 0, 'latin1');
  header.writeBigInt64LE(3n, 4);
  header.writeUInt32LE(FIELD_CODES.length, 12);
  FIELD_CODES.forEach((code, field) => {
    const inside = HEADER_BYTES + Math.floor(((size - HEADER_BYTES) * field) / FIELD_CODES.length);
    const last = field === FIELD_CODES.length - 1;
    header.writeUInt16LE(code, 16 + 10 * field);
    // A file cut short: its header still announces the data of the whole file.
    header.writeBigInt64LE(BigInt(flaws.truncated && last ? size + 4096 : inside), 16 + 10 * field + 2);
  });
  yield header;
  const pool = fillerPool();
  for (let at = HEADER_BYTES, chunk = 0; at < size; chunk++) {
    const length = Math.min(CHUNK_BYTES, size - at);
    // Slices of the pool (never copied, never changed) at offsets that differ per file and per chunk.
    const start = (seed * 1_299_709 + chunk * 524_309) % (POOL_BYTES - CHUNK_BYTES);
    yield pool.subarray(start, start + length);
    at += length;
  }
}

function idatCrc(size: number, seed: number): number {
  let crc = 0;
  for (const chunk of idatData(size, seed, {})) crc = crc32(chunk, crc);
  return crc;
}

let pool: Buffer | undefined;

/** 8 MiB of xorshift32 output, made once: random enough that no compression shrinks the archive. */
function fillerPool(): Buffer {
  if (pool) return pool;
  const words = new Uint32Array(POOL_BYTES / 4);
  let state = 0x2545f491;
  for (let index = 0; index < words.length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words[index] = state >>> 0;
  }
  pool = Buffer.from(words.buffer);
  return pool;
}

const ZERO_BLOCK_BYTES = 64 * 1024 * 1024;
let zeros: { deflated: Buffer; crc: number } | undefined;

/** 64 MiB of zeros deflated (about 64 KiB): every bomb entry repeats it, so each really unpacks to 64 MiB. */
function deflatedZeros(): { deflated: Buffer; crc: number } {
  if (zeros) return zeros;
  const block = Buffer.alloc(ZERO_BLOCK_BYTES);
  zeros = { deflated: deflateRawSync(block, { level: 9 }), crc: crc32(block) };
  return zeros;
}

/**
 * An honest zip bomb: entries of deflated zeros whose true sizes add up to more than `unpackedBytes` (by default
 * just past ANALYSIS_MAX_UNPACKED_BYTES, 10 GiB, in about 10 MB).
 */
export async function writeZipBomb(
  path: string,
  unpackedBytes = ANALYSIS_MAX_UNPACKED_BYTES + 1,
): Promise<{ bytes: number; entries: number }> {
  const { deflated, crc } = deflatedZeros();
  const entries = Math.ceil(unpackedBytes / ZERO_BLOCK_BYTES);
  const file = await open(path, 'w');
  try {
    const zip = new ZipWriter(file);
    for (let index = 0; index < entries; index++) {
      const name = `zeros-${index}.idat`;
      await zip.add({
        name,
        data: [deflated],
        dataBytes: deflated.length,
        uncompressedBytes: ZERO_BLOCK_BYTES,
        method: METHOD_DEFLATE,
        crc,
      });
    }
    return { bytes: await zip.finish(), entries };
  } finally {
    await file.close();
  }
}

/**
 * A lying bomb: a well-named Grn file whose directory entry says 64 KiB but whose data inflates to 64 MiB, beside a
 * sound Red partner. What it inflates to is a sound IDAT file (header, zeros) with the matching CRC-32, so only
 * holding the entry to its declared size while unpacking catches it.
 */
export async function writeLyingBomb(path: string): Promise<{ bytes: number; liar: string }> {
  const block = Buffer.alloc(ZERO_BLOCK_BYTES);
  const [header] = idatData(ZERO_BLOCK_BYTES, 0, {});
  header?.copy(block);
  const deflated = deflateRawSync(block, { level: 9 });
  const sample = sampleAt(0).name;
  const liar = `${sample}_Grn.idat`;
  const file = await open(path, 'w');
  try {
    const zip = new ZipWriter(file);
    const declared = 64 * 1024;
    await zip.add({
      name: liar,
      data: [deflated],
      dataBytes: deflated.length,
      uncompressedBytes: declared,
      method: METHOD_DEFLATE,
      crc: crc32(block),
    });
    await zip.add({ name: `${sample}_Red.idat`, data: idatData(declared, 1, {}), dataBytes: declared });
    return { bytes: await zip.finish(), liar };
  } finally {
    await file.close();
  }
}

/** A file named .zip that is none: a PDF's first bytes. */
export async function writeNotAZip(path: string): Promise<void> {
  await writeFile(path, '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
}
