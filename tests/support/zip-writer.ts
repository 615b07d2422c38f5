import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * A zip file written front to back with positional writes, for archives far larger than memory (the analysis
 * upload's tests, benchmark and journeys, issue 42). Each entry's sizes are known before its bytes (the caller
 * says them), so only its CRC-32 is unknown when its local header is written: the header goes out with a zero
 * there and is patched once the last byte has passed. Small writes are gathered into one, so an archive of
 * twenty thousand tiny entries takes a few hundred writes, not forty thousand.
 * Zip64 records are written where a size or an offset needs them (past 4 GiB), or everywhere when asked.
 */

export const METHOD_STORE = 0;
export const METHOD_DEFLATE = 8;
const FLAG_UTF8 = 0x800;
const MAX32 = 0xffffffff;
const GATHER_BYTES = 1024 * 1024;
/** 2026-01-01 00:00 in MS-DOS form: a fixed date keeps archives of the same spec byte for byte the same. */
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
const DOS_TIME = 0;

export interface ZipEntryOptions {
  readonly name: string;
  /** The bytes that follow the local header, in order (stored data, deflated data, or anything else). */
  readonly data: Iterable<Buffer>;
  /** How many bytes `data` yields; checked. */
  readonly dataBytes: number;
  /** What the directory declares the entry unpacks to; `dataBytes` by default (stored). */
  readonly uncompressedBytes?: number;
  readonly method?: number;
  /** General purpose flags beyond UTF-8 names (bit 0: encrypted). */
  readonly flags?: number;
  /** The CRC-32 to declare; computed over `data` when left out (right for stored entries only). */
  readonly crc?: number;
}

interface CentralRecord {
  readonly name: Buffer;
  readonly flags: number;
  readonly method: number;
  readonly crc: number;
  readonly compressed: number;
  readonly uncompressed: number;
  readonly offset: number;
}

export class ZipWriter {
  private position = 0;
  private flushedTo = 0;
  private readonly gathered: Buffer[] = [];
  private gatheredBytes = 0;
  private readonly records: CentralRecord[] = [];

  constructor(
    private readonly file: FileHandle,
    private readonly forceZip64 = false,
  ) {}

  async add(entry: ZipEntryOptions): Promise<void> {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? METHOD_STORE;
    const flags = FLAG_UTF8 | (entry.flags ?? 0);
    const uncompressed = entry.uncompressedBytes ?? entry.dataBytes;
    const sizes64 = this.forceZip64 || uncompressed >= MAX32 || entry.dataBytes >= MAX32;
    const offset = this.position;
    const extra = sizes64 ? zip64Extra([uncompressed, entry.dataBytes]) : Buffer.alloc(0);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(sizes64 ? 45 : 20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(entry.crc ?? 0, 14);
    header.writeUInt32LE(sizes64 ? MAX32 : entry.dataBytes, 18);
    header.writeUInt32LE(sizes64 ? MAX32 : uncompressed, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(extra.length, 28);
    const local = Buffer.concat([header, name, extra]);
    await this.write(local);
    let crc = 0;
    let written = 0;
    for (const chunk of entry.data) {
      if (entry.crc === undefined) crc = crc32(chunk, crc);
      written += chunk.length;
      await this.write(chunk);
    }
    if (written !== entry.dataBytes) throw new Error(`${entry.name}: ${written} bytes written, ${entry.dataBytes} announced`);
    const finalCrc = entry.crc ?? crc;
    if (entry.crc === undefined) await this.patchCrc(local, offset, finalCrc);
    this.records.push({ name, flags, method, crc: finalCrc, compressed: entry.dataBytes, uncompressed, offset });
  }

  /** The central directory and its end records; returns the archive's size. The caller closes the file. */
  async finish(): Promise<number> {
    const directoryAt = this.position;
    for (const record of this.records) await this.write(centralHeader(record, this.forceZip64));
    const directoryBytes = this.position - directoryAt;
    const count = this.records.length;
    const end64 = this.forceZip64 || count >= 0xffff || directoryAt >= MAX32 || directoryBytes >= MAX32;
    if (end64) {
      const recordAt = this.position;
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(45, 12);
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(directoryBytes), 40);
      record.writeBigUInt64LE(BigInt(directoryAt), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(recordAt), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(Buffer.concat([record, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(end64 ? 0xffff : count, 8);
    end.writeUInt16LE(end64 ? 0xffff : count, 10);
    end.writeUInt32LE(end64 ? MAX32 : directoryBytes, 12);
    end.writeUInt32LE(end64 ? MAX32 : directoryAt, 16);
    await this.write(end);
    await this.flush();
    return this.position;
  }

  private async write(chunk: Buffer): Promise<void> {
    if (chunk.length >= GATHER_BYTES) {
      await this.flush();
      await this.file.write(chunk, 0, chunk.length, this.position);
      this.position += chunk.length;
      this.flushedTo = this.position;
      return;
    }
    this.gathered.push(chunk);
    this.gatheredBytes += chunk.length;
    this.position += chunk.length;
    if (this.gatheredBytes >= GATHER_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.gatheredBytes === 0) return;
    await this.file.write(Buffer.concat(this.gathered), 0, this.gatheredBytes, this.flushedTo);
    this.gathered.length = 0;
    this.gatheredBytes = 0;
    this.flushedTo = this.position;
  }

  /** A CRC into a local header: in memory while the header is still gathered, else where it lies in the file. */
  private async patchCrc(header: Buffer, headerAt: number, crc: number): Promise<void> {
    if (headerAt >= this.flushedTo) {
      header.writeUInt32LE(crc, 14);
      return;
    }
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(crc, 0);
    await this.file.write(bytes, 0, 4, headerAt + 14);
  }
}

function zip64Extra(values: readonly number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, index) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * index));
  return extra;
}

function centralHeader(record: CentralRecord, forceZip64: boolean): Buffer {
  // The zip64 extra holds, in this order, only the values whose 32-bit field says 0xFFFFFFFF.
  const uncompressed64 = forceZip64 || record.uncompressed >= MAX32;
  const compressed64 = forceZip64 || record.compressed >= MAX32;
  const offset64 = forceZip64 || record.offset >= MAX32;
  const values = [
    ...(uncompressed64 ? [record.uncompressed] : []),
    ...(compressed64 ? [record.compressed] : []),
    ...(offset64 ? [record.offset] : []),
  ];
  const extra = values.length > 0 ? zip64Extra(values) : Buffer.alloc(0);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made on Unix, zip 4.5
  header.writeUInt16LE(values.length > 0 ? 45 : 20, 6);
  header.writeUInt16LE(record.flags, 8);
  header.writeUInt16LE(record.method, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(record.crc, 16);
  header.writeUInt32LE(compressed64 ? MAX32 : record.compressed, 20);
  header.writeUInt32LE(uncompressed64 ? MAX32 : record.uncompressed, 24);
  header.writeUInt16LE(record.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // 32: comment length, 34: disk, 36: internal attributes stay 0.
  const directory = record.name.at(-1) === 0x2f;
  header.writeUInt32LE(directory ? ((0o40755 << 16) | 0x10) >>> 0 : (0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(offset64 ? MAX32 : record.offset, 42);
  return Buffer.concat([header, record.name, extra]);
}
